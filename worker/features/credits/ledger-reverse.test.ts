import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { newId } from "../../lib/ids";
import { expectLedgerClean } from "../../test/ledger";
import { createPlayer } from "../../test/players";
import { commitMovement, grant, reverse, spend } from "./ledger.service";

const db = env.DB;
let userId: string;

const credits = () =>
  db
    .prepare("SELECT balance, redeemable, total_earned, total_spent FROM user_credits WHERE user_id = ?")
    .bind(userId)
    .first();

const give = (amount: number, source: "bonus" | "winnings" | "purchased") =>
  commitMovement(
    db,
    grant(db, { userId, amount, source, transactionType: "bonus", idempotencyKey: newId(), now: Date.now() }),
  );

const takeBack = (amount: number, source: "winnings" | "purchased", key = newId()) =>
  commitMovement(db, reverse(db, { userId, amount, source, idempotencyKey: key, now: Date.now() }));

beforeEach(async () => {
  userId = await createPlayer();
});

describe("ledger reverse", () => {
  it("takes back reversed winnings from balance, redeemable and total earned", async () => {
    await give(10, "bonus");
    await give(6, "winnings");
    expect((await takeBack(6, "winnings")).applied).toBe(true);
    expect(await credits()).toEqual({ balance: 10, redeemable: 0, total_earned: 10, total_spent: 0 });
    await expectLedgerClean();
  });

  it("keeps redeemable within the balance that remains when purchased credits are reversed", async () => {
    await give(4, "purchased");
    await give(6, "winnings");
    await takeBack(8, "purchased");
    expect(await credits()).toEqual({ balance: 2, redeemable: 2, total_earned: 2, total_spent: 0 });
    await expectLedgerClean();
  });

  it("may take the balance below zero, which then blocks spending", async () => {
    await give(5, "winnings");
    await commitMovement(db, spend(db, { userId, amount: 5, idempotencyKey: newId(), now: Date.now() }));
    await takeBack(5, "winnings");
    expect(await credits()).toMatchObject({ balance: -5, redeemable: 0 });
    const refused = await commitMovement(
      db,
      spend(db, { userId, amount: 1, idempotencyKey: newId(), now: Date.now() }),
    );
    expect(refused.applied).toBe(false);
    await expectLedgerClean();
  });

  it("moves credits once per key and writes a compensating 'reversal' row", async () => {
    await give(9, "winnings");
    expect((await takeBack(9, "winnings", `reversal:${userId}:2`)).applied).toBe(true);
    expect((await takeBack(9, "winnings", `reversal:${userId}:2`)).applied).toBe(false);
    const rows = await db
      .prepare("SELECT amount, transaction_type, source FROM credit_transactions WHERE user_id = ? ORDER BY rowid")
      .bind(userId)
      .all();
    expect(rows.results).toEqual([
      { amount: 9, transaction_type: "bonus", source: "winnings" },
      { amount: -9, transaction_type: "reversal", source: "winnings" },
    ]);
    await expectLedgerClean();
  });
});
