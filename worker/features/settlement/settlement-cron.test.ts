import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { EVERY_MINUTE, runScheduled } from "../../cron/schedule";
import { dataContext } from "../../db/data-context";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { pickState, putOutcome, questionState } from "../../test/admin";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { createPlayer, insertBulkPicks, placePick, shardOf, summedOverShards } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { settleQueuedEverywhere } from "./settle-everywhere";

/** A run of the cron's settlement pass with a budget of the test's own. */
const settlePass = (chunksLeft: number) =>
  settleQueuedEverywhere(dataContext(env), { deadline: Date.now() + 60_000, chunksLeft }, async () => undefined);

let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

describe("settlement the cron finishes", () => {
  it("answers 500 when settlement fails after the outcome is stored, and the cron settles it later", async () => {
    const questionId = await insertQuestion({ creditCost: 5 });
    const userId = await createPlayer(20);
    const pickId = await placePick(userId, questionId, "yes", 2);
    await shardOf(userId).exec(
      `CREATE TRIGGER break_settlement BEFORE UPDATE OF settled_version ON user_picks WHEN NEW.question_id = '${questionId}' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`,
    );
    const { status, body } = await putOutcome(admin, questionId, "A");
    expect(status).toBe(500);
    expect(body.error).toEqual({
      code: "internal",
      message: "Outcome saved but failed to recalculate credits. Please contact support.",
    });
    expect(await questionState(questionId)).toMatchObject({ outcome: "A", settlement_version: 1, settled_version: 0 });
    expect(await balanceOf(userId)).toBe(10);

    await runScheduled(EVERY_MINUTE, env);
    expect(await questionState(questionId)).toMatchObject({ settled_version: 0 });
    await shardOf(userId).exec("DROP TRIGGER break_settlement");
    const outcomes = await runScheduled(EVERY_MINUTE, env);
    expect(outcomes.settleQueuedQuestions).toMatchObject({ completed: 1, picksUpdated: 1, creditsAwarded: 20 });
    expect(await questionState(questionId)).toMatchObject({ settled_version: 1 });
    expect(await pickState(pickId)).toMatchObject({ status: "won", actual_payout: 20 });
    expect(await balanceOf(userId)).toBe(30);
    await expectLedgerClean();
  });

  it("settles 20,000 picks across bounded runs, paying each winner exactly once", async () => {
    const questionId = await insertQuestion({ creditCost: 3 });
    const count = 20_000;
    const { userIdOf } = await insertBulkPicks(questionId, { count, cost: 3, startBalance: 10 });
    await env.DB.prepare("UPDATE questions SET outcome = 'A', status = 'resolved', settlement_version = 1 WHERE id = ?")
      .bind(questionId)
      .run();

    let runs = 0;
    let picksUpdated = 0;
    let creditsAwarded = 0;
    while ((await questionState(questionId))!.settled_version < 1) {
      runs += 1;
      expect(runs, "settlement made no progress").toBeLessThan(200);
      // A small budget stands in for the cron's, so the question needs several runs.
      const run = await settlePass(60);
      picksUpdated += run.picksUpdated;
      creditsAwarded += run.creditsAwarded;
    }
    expect(runs).toBe(Math.ceil((count / 50 + 1) / 60));
    expect(picksUpdated).toBe(count);
    expect(creditsAwarded).toBe((count / 2) * 6);

    const summary = await summedOverShards(
      `SELECT status, count(*) AS n, SUM(actual_payout) AS paid, MIN(settled_version) AS low FROM user_picks
       WHERE question_id = ? GROUP BY status ORDER BY status`,
      [questionId],
      ["low"],
    );
    expect(summary).toEqual([
      { status: "lost", n: count / 2, paid: 0, low: 1 },
      { status: "won", n: count / 2, paid: (count / 2) * 6, low: 1 },
    ]);
    expect(await balanceOf(userIdOf(0))).toBe(13);
    expect(await balanceOf(userIdOf(1))).toBe(7);
    // Nothing is left for the cron, and running it again moves nothing.
    expect((await runScheduled(EVERY_MINUTE, env)).settleQueuedQuestions).toMatchObject({ queued: 0, picksUpdated: 0 });
    await expectLedgerClean();
  }, 600_000);
  it("settles a new outcome over a half-finished one: picks of both versions end right", async () => {
    const questionId = await insertQuestion({ creditCost: 2 });
    const count = 2_000;
    await insertBulkPicks(questionId, { count, cost: 2, startBalance: 10 });
    await env.DB.prepare("UPDATE questions SET outcome = 'A', status = 'resolved', settlement_version = 1 WHERE id = ?")
      .bind(questionId)
      .run();
    const partial = await settlePass(15);
    expect(partial.picksUpdated).toBe(15 * 50);

    const { status, body } = await putOutcome(admin, questionId, "void");
    expect(status).toBe(200);
    expect(body).toMatchObject({ picksUpdated: count, creditsAwarded: count * 2, complete: true });
    const [totals] = await summedOverShards(
      `SELECT count(*) AS n, SUM(c.balance) AS balance, SUM(c.redeemable) AS redeemable FROM user_picks p
       JOIN user_credits c ON c.user_id = p.user_id WHERE p.question_id = ? AND p.status = 'void' AND p.settled_version = 2`,
      [questionId],
    );
    expect(totals).toEqual({ n: count, balance: count * 10, redeemable: 0 });
    await expectLedgerClean();
  }, 300_000);
});
