import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../lib/ids";
import { expectLedgerClean } from "../../test/ledger";
import { createPlayer } from "../../test/players";
import { commitMovement, grant, redeem, reverse } from "./ledger.service";

const db = env.DB;

const credits = (userId: string) =>
  db
    .prepare("SELECT balance, redeemable FROM user_credits WHERE user_id = ?")
    .bind(userId)
    .first<{ balance: number; redeemable: number }>();

const give = (userId: string, amount: number, source: "purchased" | "winnings") =>
  commitMovement(
    db,
    grant(db, {
      userId,
      amount,
      source,
      transactionType: source === "winnings" ? "pick_payout" : "purchase",
      idempotencyKey: newId(),
      now: Date.now(),
    }),
  );

// Found by the ledger property test: a refunded purchase left a player at -4, then a free pick won 2.
describe("winnings onto a negative balance", () => {
  it("pay off the debt first and never make more redeemable than the balance", async () => {
    const userId = await createPlayer();
    await commitMovement(
      db,
      reverse(db, { userId, amount: 4, source: "purchased", idempotencyKey: newId(), now: Date.now() }),
    );
    await give(userId, 2, "winnings");
    expect(await credits(userId)).toEqual({ balance: -2, redeemable: 0 });
    await give(userId, 5, "winnings");
    expect(await credits(userId)).toEqual({ balance: 3, redeemable: 3 });
    await expectLedgerClean();
  });

  it("so a later purchase cannot be cashed out in the debt's place", async () => {
    const userId = await createPlayer();
    await commitMovement(
      db,
      reverse(db, { userId, amount: 10, source: "purchased", idempotencyKey: newId(), now: Date.now() }),
    );
    await give(userId, 10, "winnings");
    await give(userId, 20, "purchased");
    const cashOut = await commitMovement(
      db,
      redeem(db, { userId, amount: 10, idempotencyKey: newId(), now: Date.now() }),
    );
    expect(cashOut.applied).toBe(false);
    expect(await credits(userId)).toEqual({ balance: 20, redeemable: 0 });
    await expectLedgerClean();
  });
});
