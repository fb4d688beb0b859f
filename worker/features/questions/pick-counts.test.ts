import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { createPlayer, placePick } from "../../test/players";
import { D1_LIMITS, limitedD1 } from "../../test/limited-d1";
import { copiesOf, copyIds, insertQuestion } from "../../test/questions";
import { oneDatabaseEnv, SHARDS, twoShardEnv, userIdInShard } from "../../test/shards";
import { foldPickCounts } from "./pick-counts";
import { copyQuestions } from "./question-copies";

const counts = (id: string) =>
  env.DB.prepare("SELECT pick_count, yes_count, no_count FROM questions WHERE id = ?").bind(id).first();

const pickOn = async (shard: D1Database, shardIndex: 0 | 1, questionId: string, choice: "yes" | "no") => {
  const player = await createPlayer(10, shard, userIdInShard(shardIndex));
  await placePick(player, questionId, choice, 1, shard);
};

describe("pick counts across user shards", () => {
  it("sums each shard's pick count and crowd split into the catalogue, writing only what changed", async () => {
    const data = dataContext(twoShardEnv());
    const questionId = await insertQuestion({ creditCost: 1 });
    const closed = await insertQuestion({ creditCost: 1, status: "draft" });
    await copyQuestions(data, [questionId, closed]);
    await pickOn(SHARDS.SHARD_0, 0, questionId, "yes");
    await pickOn(SHARDS.SHARD_0, 0, questionId, "no");
    await pickOn(SHARDS.SHARD_1, 1, questionId, "yes");
    await SHARDS.SHARD_1.prepare("UPDATE questions SET pick_count = 5 WHERE id = ?").bind(closed).run();

    const now = Date.now();
    expect(await foldPickCounts(data, now)).toMatchObject({ changed: 1 });
    expect(await counts(questionId)).toEqual({ pick_count: 3, yes_count: 2, no_count: 1 });
    // A question no one can pick any more is not read again.
    expect(await counts(closed)).toMatchObject({ pick_count: 0 });
    expect(await foldPickCounts(data, now)).toMatchObject({ changed: 0 });

    await pickOn(SHARDS.SHARD_1, 1, questionId, "no");
    expect(await foldPickCounts(data, now)).toMatchObject({ changed: 1 });
    expect(await counts(questionId)).toEqual({ pick_count: 4, yes_count: 2, no_count: 2 });
  });

  it("leaves the counters alone when the one shard is the catalogue", async () => {
    const questionId = await insertQuestion({ creditCost: 1 });
    await placePick(await createPlayer(10, env.DB), questionId, "yes", 1, env.DB);
    expect(await foldPickCounts(dataContext(oneDatabaseEnv()), Date.now())).toEqual({ questions: 0, changed: 0 });
    expect(await counts(questionId)).toEqual({ pick_count: 1, yes_count: 1, no_count: 0 });
  });

  it("folds any number of open questions within D1's limit on a bound value", async () => {
    const sharded = twoShardEnv();
    const template = await insertQuestion({ id: crypto.randomUUID(), creditCost: 1 });
    await copyQuestions(dataContext(sharded), [template]);
    const open = 24_000;
    await copiesOf(env.DB, template, open, 0);
    await copiesOf(SHARDS.SHARD_1, template, open, 1);
    const oneText = JSON.stringify(
      copyIds(template, open).map((id) => ({ id, pick_count: 1, yes_count: 1, no_count: 0 })),
    );
    expect(oneText.length).toBeGreaterThan(D1_LIMITS.boundValueBytes);

    const limited = {
      ...sharded,
      DB: limitedD1(env.DB),
      SHARD_0: limitedD1(SHARDS.SHARD_0),
      SHARD_1: limitedD1(SHARDS.SHARD_1),
    };
    // The file's other questions share the databases: the copies are counted by their own ids.
    expect((await foldPickCounts(dataContext(limited), Date.now())).changed).toBeGreaterThanOrEqual(open);
    const folded = await env.DB.prepare("SELECT count(*) AS n, sum(pick_count) AS picks FROM questions WHERE id LIKE ?")
      .bind(`${template}-%`)
      .first();
    expect(folded).toEqual({ n: open, picks: open });
  });
});
