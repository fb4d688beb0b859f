import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { questionState } from "../../test/admin";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { createPlayer, insertBulkPicks, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { caughtQueue, deliverBatch } from "../../test/queues";
import { SHARDS, twoShardEnv, userIdInShard } from "../../test/shards";
import { adminActor } from "../admin-audit/admin-audit";
import { copyQuestions } from "../questions/question-copies";
import { setOutcome } from "./outcome.service";
import type { SettlementMessage } from "./settlement-messages";
import { consumeSettlement } from "./settlement-queue";
import { settleEverywhere, settleQueuedEverywhere } from "./settle-everywhere";

const QUEUE = "pickstreak-dev-settlement";

/** Two shards, with the settlement queue caught so a test sees each message and delivers it when it chooses. */
const shardedWorld = () => {
  const { queue, sent } = caughtQueue();
  return { env: { ...twoShardEnv(), SETTLEMENT_QUEUE: queue }, sent: sent as SettlementMessage[] };
};

const shardDb = (shard: 0 | 1) => (shard === 0 ? SHARDS.SHARD_0 : SHARDS.SHARD_1);

const playerInShard = async (shard: 0 | 1, balance: number) =>
  createPlayer(balance, shardDb(shard), userIdInShard(shard));

const deliver = (world: Env, bodies: unknown[]) => deliverBatch(consumeSettlement, QUEUE, world, bodies);

const shardQuestion = (shard: 0 | 1, questionId: string) =>
  shardDb(shard)
    .prepare("SELECT outcome, settlement_version, settled_version, pick_count FROM questions WHERE id = ?")
    .bind(questionId)
    .first();

const storeOutcomeOnly = (questionId: string, outcome: string) =>
  env.DB.prepare(
    "UPDATE questions SET outcome = ?, status = 'resolved', settlement_version = settlement_version + 1 WHERE id = ?",
  )
    .bind(outcome, questionId)
    .run();

const manyPicks = async (shard: 0 | 1, questionId: string, count: number) => {
  const players: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await playerInShard(shard, 10);
    await placePick(id, questionId, i % 2 === 0 ? "yes" : "no", 1, shardDb(shard));
    players.push(id);
  }
  return players;
};

describe("settlement across two user shards", () => {
  it("settles both shards' picks in one outcome call and closes the catalogue's version once both are done", async () => {
    const world = shardedWorld();
    const questionId = await insertQuestion({ creditCost: 5 });
    await copyQuestions(dataContext(world.env), [questionId]);
    const [winner, loser] = [await playerInShard(0, 20), await playerInShard(1, 20)];
    await placePick(winner, questionId, "yes", 1, SHARDS.SHARD_0);
    await placePick(loser, questionId, "no", 1, SHARDS.SHARD_1);

    // The admin's own account: the audit log names it (admins stay in the catalogue; docs/decisions/0026-user-shards.md).
    const admin = adminActor(await createPlayer());
    const first = await setOutcome(dataContext(world.env), {
      questionId,
      outcome: "A",
      actor: admin,
      now: Date.now(),
    });
    expect(first).toMatchObject({ picksUpdated: 2, creditsAwarded: 10, complete: true });
    expect([await balanceOf(winner, SHARDS.SHARD_0), await balanceOf(loser, SHARDS.SHARD_1)]).toEqual([25, 15]);
    expect(await questionState(questionId)).toMatchObject({ outcome: "A", settlement_version: 1, settled_version: 1 });
    for (const shard of [0, 1] as const) {
      expect(await shardQuestion(shard, questionId)).toMatchObject({
        outcome: "A",
        settlement_version: 1,
        settled_version: 1,
        pick_count: 1,
      });
    }

    const corrected = await setOutcome(dataContext(world.env), {
      questionId,
      outcome: "B",
      actor: admin,
      now: Date.now(),
      reason: "Scorer's error",
    });
    expect(corrected).toMatchObject({ picksUpdated: 2, complete: true });
    expect([await balanceOf(winner, SHARDS.SHARD_0), await balanceOf(loser, SHARDS.SHARD_1)]).toEqual([15, 25]);
    expect(await questionState(questionId)).toMatchObject({ outcome: "B", settlement_version: 2, settled_version: 2 });
    expect(world.sent).toEqual([]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM user_picks WHERE question_id = ?").bind(questionId).first("n"),
    ).toBe(0);
    await expectLedgerClean(SHARDS.SHARD_0);
    await expectLedgerClean(SHARDS.SHARD_1);
  });

  it("sends each shard the budget left unfinished one message, whose consumer finishes it; a duplicate pays nothing twice", async () => {
    const world = shardedWorld();
    const questionId = await insertQuestion({ creditCost: 1 });
    await copyQuestions(dataContext(world.env), [questionId]);
    const players = { 0: await manyPicks(0, questionId, 60), 1: await manyPicks(1, questionId, 60) };
    await storeOutcomeOnly(questionId, "A");
    await copyQuestions(dataContext(world.env), [questionId]);

    // Two chunks of 50 for 120 picks: each shard settles one chunk and is left with ten picks.
    const partial = await settleEverywhere(dataContext(world.env), questionId, {
      deadline: Date.now() + 60_000,
      chunksLeft: 2,
    });
    expect(partial).toMatchObject({ picksUpdated: 100, complete: false });
    expect(world.sent).toEqual([
      { questionId, shard: "SHARD_0" },
      { questionId, shard: "SHARD_1" },
    ]);
    expect((await questionState(questionId))!.settled_version).toBe(0);

    const result = await deliver(world.env, [...world.sent, world.sent[1]]);
    expect(result.explicitAcks).toEqual(["m0", "m1", "m2"]);
    expect(result.retryMessages).toEqual([]);
    expect((await questionState(questionId))!.settled_version).toBe(1);
    for (const shard of [0, 1] as const) {
      const balances = await Promise.all(players[shard].map((id) => balanceOf(id, shardDb(shard))));
      // Winners (yes) paid 2 once on 10 - 1; losers keep 9.
      expect(balances).toEqual(players[shard].map((_, i) => (i % 2 === 0 ? 11 : 9)));
      await expectLedgerClean(shardDb(shard));
    }
  });

  it("lets the cron copy an outcome a shard never received and settle it there", async () => {
    const world = shardedWorld();
    const questionId = await insertQuestion({ creditCost: 2 });
    await copyQuestions(dataContext(world.env), [questionId]);
    const player = await playerInShard(1, 10);
    await placePick(player, questionId, "yes", 1, SHARDS.SHARD_1);
    await storeOutcomeOnly(questionId, "A");

    const summary = await settleQueuedEverywhere(
      dataContext(world.env),
      { deadline: Date.now() + 60_000, chunksLeft: 50 },
      async () => undefined,
    );
    expect(summary).toMatchObject({ picksUpdated: 1, creditsAwarded: 4, failed: 0 });
    expect(await shardQuestion(1, questionId)).toMatchObject({ outcome: "A", settled_version: 1 });
    expect((await questionState(questionId))!.settled_version).toBe(1);
    expect(await balanceOf(player, SHARDS.SHARD_1)).toBe(12);
  });

  it("drops a malformed message or one for a shard the map does not have, and retries one whose settlement failed", async () => {
    const world = shardedWorld();
    const questionId = await insertQuestion({ creditCost: 2 });
    await copyQuestions(dataContext(world.env), [questionId]);
    const player = await playerInShard(0, 10);
    await placePick(player, questionId, "yes", 1, SHARDS.SHARD_0);
    await storeOutcomeOnly(questionId, "A");
    await copyQuestions(dataContext(world.env), [questionId]);
    await SHARDS.SHARD_0.exec(
      `CREATE TRIGGER shard_on_fire BEFORE UPDATE OF settled_version ON user_picks WHEN NEW.question_id = '${questionId}' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`,
    );
    const result = await deliver(world.env, [
      { questionId },
      { questionId, shard: "SHARD_9" },
      { questionId, shard: "SHARD_0" },
    ]);
    await SHARDS.SHARD_0.exec("DROP TRIGGER shard_on_fire");
    expect(result.explicitAcks).toEqual(["m0", "m1"]);
    expect(result.retryMessages).toEqual([{ msgId: "m2" }]);
    expect(await balanceOf(player, SHARDS.SHARD_0)).toBe(8);

    expect((await deliver(world.env, [{ questionId, shard: "SHARD_0" }])).explicitAcks).toEqual(["m0"]);
    expect(await balanceOf(player, SHARDS.SHARD_0)).toBe(12);
  });
});

describe("settlement through the queue with one shard", () => {
  it("finishes a question the outcome's budget left unfinished through the real queue and its consumer", async () => {
    const questionId = await insertQuestion({ creditCost: 1 });
    await insertBulkPicks(questionId, { count: 120, cost: 1, startBalance: 5 });
    await storeOutcomeOnly(questionId, "A");
    const partial = await settleEverywhere(dataContext(env), questionId, {
      deadline: Date.now() + 60_000,
      chunksLeft: 1,
    });
    expect(partial).toMatchObject({ picksUpdated: 50, complete: false });

    await expect
      .poll(async () => (await questionState(questionId))!.settled_version, {
        timeout: 20_000,
        message: "the queue's consumer never finished the settlement",
      })
      .toBeGreaterThanOrEqual(1);
    const paid = await env.DB.prepare(
      "SELECT count(*) AS n FROM credit_transactions WHERE question_id = ? AND transaction_type = 'pick_payout'",
    )
      .bind(questionId)
      .first("n");
    expect(paid).toBe(60);
    await expectLedgerClean();
  });
});
