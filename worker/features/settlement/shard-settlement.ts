import { SETTLEMENT_QUESTIONS_PER_RUN } from "../../config";
import { isShardMoving, shardMap, type UserShard } from "../../db/shards";
import { sumFields } from "../../lib/sum-fields";
import { mirrorQuestions } from "../questions/question-mirror";
import { enqueueSettlement } from "./settlement-queue";
import { settleQuestion, settleQueued, type SettleResult, type SettlementBudget } from "./settlement.service";


/**
 * The catalogue's settled_version says when every player of a question has been settled. With one shard that is the
 * catalogue itself, settlement moves it directly; with several it moves once every shard's copy has caught up with the
 * catalogue's version (a shard whose copy is behind has not even started on it).
 */
export const closeCatalogueVersions = async (env: Env, questionIds: readonly string[]) => {
  const map = shardMap(env);
  if (map.sharesCatalogue || questionIds.length === 0) return;
  const ids = JSON.stringify(questionIds);
  const perShard = await Promise.all(
    map.shards.map(({ db }) =>
      db
        .prepare("SELECT id, settled_version FROM questions WHERE id IN (SELECT value FROM json_each(?))")
        .bind(ids)
        .all<{ id: string; settled_version: number }>(),
    ),
  );
  const settledEverywhere = questionIds.map((id) => ({
    id,
    version: Math.min(...perShard.map(({ results }) => results.find((row) => row.id === id)?.settled_version ?? 0)),
  }));
  await env.DB.prepare(
    `UPDATE questions SET settled_version = settlement_version
     WHERE settled_version < settlement_version
       AND id IN (SELECT value ->> 'id' FROM json_each(?1) WHERE settlement_version <= value ->> 'version')`,
  )
    .bind(JSON.stringify(settledEverywhere))
    .run();
};

/**
 * Settles a question on every shard at once within one budget. A shard the budget leaves unfinished, or one with moving
 * buckets, gets a message on the settlement queue, whose consumer carries on there; a question done everywhere closes
 * its catalogue version.
 */
export const settleAcrossShards = async (env: Env, questionId: string, budget: SettlementBudget): Promise<SettleResult> => {
  // A shard whose players are being copied settles from its queue message after the switch: a payout written in the
  // source after the copy would be lost at the delete (and would fail the move's verify).
  const all = shardMap(env).shards;
  const moving = all.filter((shard) => isShardMoving(env, shard));
  const shards = all.filter((shard) => !moving.includes(shard));
  const results = await Promise.all(shards.map((shard) => settleQuestion(shard.db, questionId, budget)));
  const unfinished = [...shards.filter((_, i) => !results[i]!.complete), ...moving];
  if (unfinished.length > 0) await enqueueSettlement(env, questionId, unfinished);
  else await closeCatalogueVersions(env, [questionId]);
  return {
    ...sumFields({ picksUpdated: 0, creditsAwarded: 0 }, results),
    complete: unfinished.length === 0,
    settledUsers: results.flatMap((result) => result.settledUsers),
  };
};

/** One shard's part of a question, as its queue message asks; the catalogue closes when this was the last one. */
export const settleShard = async (env: Env, shard: UserShard, questionId: string, budget: SettlementBudget) => {
  const result = await settleQuestion(shard.db, questionId, budget);
  if (result.complete) await closeCatalogueVersions(env, [questionId]);
  return result;
};

type QueuedSummary = Awaited<ReturnType<typeof settleQueued>>;

/**
 * The cron's safety net under the queue: questions whose catalogue version is still open are copied to the shards
 * again (a copy that failed after the outcome was stored), every shard settles what it still owes, and the catalogue
 * versions that are now settled everywhere close.
 */
export const settleQueuedAcrossShards = async (
  env: Env,
  budget: SettlementBudget,
  onSettled: (questionId: string, userIds: string[]) => Promise<void>,
): Promise<QueuedSummary> => {
  const map = shardMap(env);
  if (map.sharesCatalogue) return settleQueued(env.DB, budget, onSettled);
  const { results: open } = await env.DB.prepare(
    "SELECT id FROM questions WHERE settled_version <> settlement_version ORDER BY updated_at, id LIMIT ?",
  )
    .bind(SETTLEMENT_QUESTIONS_PER_RUN)
    .all<{ id: string }>();
  const openIds = open.map(({ id }) => id);
  await mirrorQuestions(env, openIds);
  const parts: QueuedSummary[] = [];
  // One shard after another: they share the run's budget, which each spends chunk by chunk.
  for (const shard of map.shards) parts.push(await settleQueued(shard.db, budget, onSettled));
  await closeCatalogueVersions(env, openIds);
  return sumFields({ queued: 0, completed: 0, failed: 0, picksUpdated: 0, creditsAwarded: 0 }, parts);
};
