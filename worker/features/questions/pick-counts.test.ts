import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createPlayer, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { oneDatabaseEnv, SHARDS, twoShardEnv, userIdInShard } from "../../test/shards";
import { foldPickCounts } from "./pick-counts";
import { mirrorQuestions } from "./question-mirror";

const counts = (id: string) => env.DB.prepare("SELECT pick_count, yes_count, no_count FROM questions WHERE id = ?").bind(id).first();

const pickOn = async (shard: D1Database, shardIndex: 0 | 1, questionId: string, choice: "yes" | "no") => {
  const player = await createPlayer(10, shard, userIdInShard(shardIndex));
  await placePick(player, questionId, choice, 1, shard);
};

describe("pick counts across user shards", () => {
  it("sums each shard's pick count and crowd split into the catalogue, writing only what changed", async () => {
    const sharded = twoShardEnv();
    const questionId = await insertQuestion({ creditCost: 1 });
    const closed = await insertQuestion({ creditCost: 1, status: "draft" });
    await mirrorQuestions(sharded, [questionId, closed]);
    await pickOn(SHARDS.SHARD_0, 0, questionId, "yes");
    await pickOn(SHARDS.SHARD_0, 0, questionId, "no");
    await pickOn(SHARDS.SHARD_1, 1, questionId, "yes");
    await SHARDS.SHARD_1.prepare("UPDATE questions SET pick_count = 5 WHERE id = ?").bind(closed).run();

    const now = Date.now();
    expect(await foldPickCounts(sharded, now)).toMatchObject({ changed: 1 });
    expect(await counts(questionId)).toEqual({ pick_count: 3, yes_count: 2, no_count: 1 });
    // A question no one can pick any more is not read again.
    expect(await counts(closed)).toMatchObject({ pick_count: 0 });
    expect(await foldPickCounts(sharded, now)).toMatchObject({ changed: 0 });

    await pickOn(SHARDS.SHARD_1, 1, questionId, "no");
    expect(await foldPickCounts(sharded, now)).toMatchObject({ changed: 1 });
    expect(await counts(questionId)).toEqual({ pick_count: 4, yes_count: 2, no_count: 2 });
  });

  it("leaves the counters alone when the one shard is the catalogue", async () => {
    const questionId = await insertQuestion({ creditCost: 1 });
    await placePick(await createPlayer(10, env.DB), questionId, "yes", 1, env.DB);
    expect(await foldPickCounts(oneDatabaseEnv(), Date.now())).toEqual({ questions: 0, changed: 0 });
    expect(await counts(questionId)).toEqual({ pick_count: 1, yes_count: 1, no_count: 0 });
  });
});
