import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { newId } from "../../lib/ids";
import { expectLedgerClean } from "../../test/ledger";
import { insertQuestion } from "../../test/questions";
import { auditLedger, type LedgerViolation } from "./ledger.audit";
import { commitMovement, ensureCreditsRow, grant, MOVEMENT_APPLIED_SQL, spend } from "./ledger.service";

const db = env.DB;
let userId: string;

const createUser = async () => {
  const id = newId();
  await env.DB.prepare(
    "INSERT INTO users (id, email, username, referral_code, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)",
  )
    .bind(id, `${id}@example.com`, `u_${id.slice(0, 12)}`, id.slice(0, 8))
    .run();
  return id;
};

const credits = (id = userId) =>
  env.DB.prepare("SELECT balance, redeemable, total_earned, total_spent FROM user_credits WHERE user_id = ?")
    .bind(id)
    .first();

const give = (amount: number, source: "bonus" | "winnings" | "purchased" = "bonus", key = newId()) =>
  commitMovement(
    db,
    grant(db, { userId, amount, source, transactionType: "bonus", idempotencyKey: key, now: Date.now() }),
  );

const take = (amount: number, key = newId()) =>
  commitMovement(db, spend(db, { userId, amount, idempotencyKey: key, now: Date.now() }));

beforeEach(async () => {
  userId = await createUser();
});

describe("ledger grant", () => {
  it("moves credits once however often the same key is granted", async () => {
    expect((await give(5, "bonus", `signup:${userId}`)).applied).toBe(true);
    expect((await give(5, "bonus", `signup:${userId}`)).applied).toBe(false);
    expect(await credits()).toEqual({ balance: 5, redeemable: 0, total_earned: 5, total_spent: 0 });
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM credit_transactions WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    await expectLedgerClean();
  });

  it("counts only winnings as redeemable", async () => {
    await give(5, "bonus");
    await give(7, "winnings");
    await give(3, "purchased");
    expect(await credits()).toEqual({ balance: 15, redeemable: 7, total_earned: 15, total_spent: 0 });
    await expectLedgerClean();
  });

  it("refuses amounts that are not positive whole numbers", () => {
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      expect(() =>
        grant(db, { userId, amount, source: "bonus", transactionType: "bonus", idempotencyKey: "x", now: 0 }),
      ).toThrow();
    }
  });
});

describe("ledger spend", () => {
  it("spends bonus and purchased credits before winnings", async () => {
    await give(5, "bonus");
    await give(4, "winnings");
    expect((await take(3)).applied).toBe(true);
    expect(await credits()).toMatchObject({ balance: 6, redeemable: 4, total_spent: 3 });
    expect((await take(4)).applied).toBe(true);
    expect(await credits()).toMatchObject({ balance: 2, redeemable: 2, total_spent: 7 });
    const sources = await env.DB.prepare(
      "SELECT source FROM credit_transactions WHERE user_id = ? AND transaction_type = 'spend' ORDER BY rowid",
    )
      .bind(userId)
      .all<{ source: string }>();
    expect(sources.results.map((r) => r.source)).toEqual(["purchased", "winnings"]);
    await expectLedgerClean();
  });

  it("refuses a spend above the balance and writes nothing", async () => {
    await give(2);
    expect((await take(3)).applied).toBe(false);
    expect(await credits()).toMatchObject({ balance: 2, total_spent: 0 });
    await expectLedgerClean();
  });

  it("refuses a spend without a credits row", async () => {
    expect((await take(1)).applied).toBe(false);
    expect(await credits()).toBeNull();
    await expectLedgerClean();
  });

  it("moves credits once for a repeated key", async () => {
    await give(10);
    expect((await take(3, "pick:p1")).applied).toBe(true);
    expect((await take(3, "pick:p1")).applied).toBe(false);
    expect(await credits()).toMatchObject({ balance: 7, total_spent: 3 });
    await expectLedgerClean();
  });

  it("lets concurrent spends through only while the balance lasts", async () => {
    await give(5);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => take(2)));
    expect(outcomes.filter((o) => o.applied)).toHaveLength(2);
    expect(await credits()).toMatchObject({ balance: 1, total_spent: 4 });
    await expectLedgerClean();
  });

  it("runs the caller's guarded statements only when the spend happened", async () => {
    await give(1);
    await env.DB.exec("CREATE TABLE IF NOT EXISTS spend_effects (transaction_id TEXT)");
    const attempt = async () => {
      const movement = spend(db, { userId, amount: 1, idempotencyKey: newId(), now: Date.now() });
      const effect = db
        .prepare(`INSERT INTO spend_effects SELECT ? WHERE ${MOVEMENT_APPLIED_SQL}`)
        .bind(movement.transactionId, movement.transactionId);
      return commitMovement(db, movement, { after: [effect] });
    };
    expect((await attempt()).applied).toBe(true);
    expect((await attempt()).applied).toBe(false);
    const effects = await env.DB.prepare("SELECT count(*) AS n FROM spend_effects").first<{ n: number }>();
    expect(effects?.n).toBe(1);
    await expectLedgerClean();
  });
});

describe("credits row and audit", () => {
  it("creates a missing row empty and never overwrites one", async () => {
    await ensureCreditsRow(db, userId, 1).run();
    expect(await credits()).toMatchObject({ balance: 0 });
    await give(5);
    await ensureCreditsRow(db, userId, 2).run();
    expect(await credits()).toMatchObject({ balance: 5 });
    await expectLedgerClean();
  });

  it("reports a balance that disagrees with the ledger", async () => {
    await give(5);
    await env.DB.prepare("UPDATE user_credits SET balance = 50, redeemable = 0 WHERE user_id = ?").bind(userId).run();
    expect(await auditLedger(db)).toEqual([expect.objectContaining({ kind: "balance_mismatch", userId })]);
    expect(await auditLedger(db, [userId, "someone-else"])).toEqual([
      expect.objectContaining({ kind: "balance_mismatch", userId }),
    ]);
    expect(await auditLedger(db, ["someone-else"])).toEqual([]);
    await env.DB.prepare("UPDATE user_credits SET balance = 5 WHERE user_id = ?").bind(userId).run();
    await expectLedgerClean();
  });

  it("reports a spend that took a balance below zero", async () => {
    await give(1);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, created_at) VALUES (?, ?, -3, 'spend', 'purchased', ?, 0)",
      ).bind(newId(), userId, newId()),
      env.DB.prepare("UPDATE user_credits SET balance = balance - 3 WHERE user_id = ?").bind(userId),
    ]);
    expect(await auditLedger(db)).toEqual([expect.objectContaining({ kind: "negative_balance_from_spend", userId })]);
    expect(await auditLedger(db, [userId])).toEqual([
      expect.objectContaining({ kind: "negative_balance_from_spend", userId }),
    ]);
    await env.DB.prepare("DELETE FROM credit_transactions WHERE user_id = ? AND amount = -3").bind(userId).run();
    await env.DB.prepare("UPDATE user_credits SET balance = 1 WHERE user_id = ?").bind(userId).run();
    await expectLedgerClean();
  });

  it("audits the listed players' rows alone and finds all the whole audit finds of them", async () => {
    const other = await createUser();
    const [open, settled] = [await insertQuestion(), await insertQuestion({ status: "resolved", outcome: "A" })];
    const breakLedger = async (id: string) => {
      await commitMovement(
        db,
        grant(db, {
          userId: id,
          amount: 5,
          source: "bonus",
          transactionType: "bonus",
          idempotencyKey: newId(),
          now: 0,
        }),
      );
      await env.DB.batch([
        env.DB.prepare("UPDATE user_credits SET redeemable = 9 WHERE user_id = ?").bind(id),
        ...[
          [open, "won"],
          [settled, "active"],
        ].map(([questionId, status]) =>
          env.DB.prepare(
            `INSERT INTO user_picks (id, user_id, question_id, choice, credits_spent, multiplier, potential_payout, status, created_at, updated_at)
             VALUES (?, ?, ?, 'yes', 2, 2, 4, ?, 0, 0)`,
          ).bind(newId(), id, questionId, status),
        ),
      ]);
    };
    await breakLedger(userId);
    await breakLedger(other);
    const byDetail = (violations: LedgerViolation[]) => violations.sort((a, b) => a.detail.localeCompare(b.detail));

    const mine = byDetail(await auditLedger(db, [userId]));
    expect(new Set(mine.map((violation) => violation.kind))).toEqual(
      new Set([
        "redeemable_exceeds_balance",
        "pick_spend_mismatch",
        "pick_settlement_mismatch",
        "escrow_on_settled_question",
      ]),
    );
    expect(mine).toEqual(byDetail((await auditLedger(db)).filter((violation) => violation.userId === userId)));
    expect(new Set((await auditLedger(db, [other, userId])).map((violation) => violation.userId))).toEqual(
      new Set([userId, other]),
    );

    await env.DB.prepare("DELETE FROM user_picks WHERE user_id IN (?, ?)").bind(userId, other).run();
    await env.DB.prepare("UPDATE user_credits SET redeemable = 0 WHERE user_id IN (?, ?)").bind(userId, other).run();
    await expectLedgerClean();
  });
});
