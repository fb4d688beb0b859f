import { env } from "cloudflare:test";
import { afterEach, expect } from "vitest";
import { playerDb, shardMap } from "../db/shards";
import { auditLedger } from "../features/credits/ledger.audit";
import { commitMovement, grant, spend } from "../features/credits/ledger.service";

/**
 * Every test that moves credits ends with this: balances equal ledger sums, keys unique, no spend below zero. Without
 * a database it audits every shard of the test environment's map.
 */
export const expectLedgerClean = async (d1?: D1Database) => {
  for (const db of d1 ? [d1] : shardMap(env).shards.map((shard) => shard.db)) expect(await auditLedger(db)).toEqual([]);
};

/**
 * The audit after every test of the file that calls this: the databases given, or every shard of the test
 * environment's map. A file opts in rather than the setup file auditing every file, because some tests break the
 * ledger on purpose (the audit's own tests, the health page's) or write pick results by hand.
 */
export const auditLedgerAfterEach = (...d1s: D1Database[]) =>
  afterEach(async () => {
    if (d1s.length === 0) await expectLedgerClean();
    for (const d1 of d1s) await expectLedgerClean(d1);
  });

/** Gives a user credits through the real ledger, as a purchase would. */
export const grantCredits = async (
  userId: string,
  amount: number,
  source: "purchased" | "bonus" | "winnings" = "purchased",
  d1: D1Database = playerDb(env, userId),
) => {
  const movement = grant(d1, {
    userId,
    amount,
    idempotencyKey: `test-grant:${crypto.randomUUID()}`,
    transactionType: source === "winnings" ? "pick_payout" : "purchase",
    source,
    now: Date.now(),
  });
  await commitMovement(d1, movement);
};

/** Takes a user's balance to exactly `amount` through the ledger. */
export const setBalance = async (userId: string, amount: number) => {
  const d1 = playerDb(env, userId);
  const current = await balanceOf(userId, d1);
  if (amount > current) await grantCredits(userId, amount - current);
  if (amount < current) {
    await commitMovement(
      d1,
      spend(d1, {
        userId,
        amount: current - amount,
        idempotencyKey: `test-spend:${crypto.randomUUID()}`,
        now: Date.now(),
      }),
    );
  }
};

export const balanceOf = async (userId: string, d1: D1Database = playerDb(env, userId)) =>
  (await d1.prepare("SELECT balance FROM user_credits WHERE user_id = ?").bind(userId).first<{ balance: number }>())
    ?.balance ?? 0;
