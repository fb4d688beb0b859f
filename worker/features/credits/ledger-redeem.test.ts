import { describe, expect, it } from "vitest";
import { newId } from "../../lib/ids";
import { expectLedgerClean, grantCredits } from "../../test/ledger";
import { createPlayer, shardOf } from "../../test/players";
import { auditLedger } from "./ledger.audit";
import { commitMovement, redeem } from "./ledger.service";

const take = (userId: string, amount: number, key = newId()) => {
  const db = shardOf(userId);
  return commitMovement(db, redeem(db, { userId, amount, idempotencyKey: key, now: Date.now() }));
};

const credits = (userId: string) =>
  shardOf(userId)
    .prepare("SELECT balance, redeemable, total_spent FROM user_credits WHERE user_id = ?")
    .bind(userId)
    .first();

describe("ledger redeem", () => {
  it("takes winnings only, checked in SQL, and once per key", async () => {
    const userId = await createPlayer();
    await grantCredits(userId, 30, "purchased");
    await grantCredits(userId, 15, "winnings");
    expect((await take(userId, 16)).applied).toBe(false);
    expect((await take(userId, 10, `redemption:${userId}`)).applied).toBe(true);
    expect((await take(userId, 10, `redemption:${userId}`)).applied).toBe(false);
    expect(await credits(userId)).toEqual({ balance: 35, redeemable: 5, total_spent: 10 });
    const row = await shardOf(userId)
      .prepare("SELECT amount, transaction_type, source FROM credit_transactions WHERE idempotency_key = ?")
      .bind(`redemption:${userId}`)
      .first();
    expect(row).toEqual({ amount: -10, transaction_type: "redemption", source: "winnings" });
    await expectLedgerClean();
  });

  it("is flagged by the audit when more was redeemed than won", async () => {
    const userId = await createPlayer();
    const db = shardOf(userId);
    await grantCredits(userId, 50, "purchased");
    await db.batch([
      db
        .prepare(
          "INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, created_at) VALUES (?, ?, -20, 'redemption', 'winnings', ?, 0)",
        )
        .bind(newId(), userId, `forged:${userId}`),
      db.prepare("UPDATE user_credits SET balance = balance - 20 WHERE user_id = ?").bind(userId),
    ]);
    expect(await auditLedger(db)).toEqual([
      { kind: "redeemed_beyond_winnings", userId, detail: "redeemed 20 but won 0" },
    ]);
    await db.prepare("DELETE FROM credit_transactions WHERE idempotency_key = ?").bind(`forged:${userId}`).run();
    await db.prepare("UPDATE user_credits SET balance = balance + 20 WHERE user_id = ?").bind(userId).run();
    await expectLedgerClean();
  });
});
