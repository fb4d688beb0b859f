import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { insertQuestion } from "../../test/questions";
import { oneDatabaseEnv, SHARDS, twoShardEnv } from "../../test/shards";
import { copyQuestions } from "./question-copies";

const copyOf = (d1: D1Database, id: string) =>
  d1
    .prepare(
      "SELECT title, credit_cost, deadline, status, tags, outcome, settlement_version, settled_version, pick_count, yes_count, created_by FROM questions WHERE id = ?",
    )
    .bind(id)
    .first();

describe("the questions' copy in every user shard", () => {
  it("copies what a pick and a settlement check, keeps each shard's own counters, and follows edits and deletions", async () => {
    const sharded = dataContext(twoShardEnv());
    const id = await insertQuestion({ title: "Will it rain?", creditCost: 3 });
    await env.DB.prepare("UPDATE questions SET tags = '[\"weather\"]' WHERE id = ?").bind(id).run();
    await copyQuestions(sharded, [id]);
    for (const shard of [SHARDS.SHARD_0, SHARDS.SHARD_1]) {
      expect(await copyOf(shard, id)).toEqual({ ...(await copyOf(env.DB, id)), created_by: null });
    }

    // A shard's picks raise its own counters and close its own settlement; an edit in the catalogue leaves them be.
    await SHARDS.SHARD_1.prepare("UPDATE questions SET pick_count = 7, yes_count = 4, settled_version = 1 WHERE id = ?")
      .bind(id)
      .run();
    await env.DB.prepare(
      "UPDATE questions SET title = 'Will it snow?', credit_cost = 5, status = 'resolved', outcome = 'A', settlement_version = 1 WHERE id = ?",
    )
      .bind(id)
      .run();
    await copyQuestions(sharded, [id]);
    expect(await copyOf(SHARDS.SHARD_1, id)).toMatchObject({
      title: "Will it snow?",
      credit_cost: 5,
      status: "resolved",
      outcome: "A",
      settlement_version: 1,
      settled_version: 1,
      pick_count: 7,
      yes_count: 4,
      tags: '["weather"]',
    });
    expect(await copyOf(SHARDS.SHARD_0, id)).toMatchObject({
      title: "Will it snow?",
      pick_count: 0,
      settled_version: 0,
    });

    await env.DB.prepare("DELETE FROM questions WHERE id = ?").bind(id).run();
    await copyQuestions(sharded, [id]);
    expect(await copyOf(SHARDS.SHARD_0, id)).toBeNull();
    expect(await copyOf(SHARDS.SHARD_1, id)).toBeNull();
  });

  it("does nothing when the one shard is the catalogue itself", async () => {
    const id = await insertQuestion();
    // insertQuestion copied it under the map in force.
    for (const shard of [SHARDS.SHARD_0, SHARDS.SHARD_1])
      await shard.prepare("DELETE FROM questions WHERE id = ?").bind(id).run();
    await copyQuestions(dataContext(oneDatabaseEnv()), [id]);
    expect(await copyOf(SHARDS.SHARD_0, id)).toBeNull();
  });
});
