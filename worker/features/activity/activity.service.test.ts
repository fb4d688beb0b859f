import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { ACTIVITY_PAGE_SIZE } from "../../config";
import { afterKeyset } from "../../db/keyset";
import { activityFeed } from "../../db/schema";
import { userShard } from "../../db/shards";
import { createPlayer, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { copyQuestions } from "../questions/question-copies";
import { newestActivity } from "./activity.service";

describe("the community feed across two user shards", () => {
  it("merges each shard's newest entries into one newest-first feed that pages without gaps or repeats", async () => {
    const sharded = twoShardEnv();
    const questionId = await insertQuestion({ creditCost: 1 });
    await copyQuestions(dataContext(sharded), [questionId]);
    for (let i = 0; i < 20; i += 1) {
      for (const [shard, db] of [
        [0, env.SHARD_0],
        [1, env.SHARD_1],
      ] as const) {
        await placePick(await createPlayer(5, db, userIdInShard(shard)), questionId, "yes", 1, db);
      }
    }
    const first = await newestActivity(dataContext(sharded), undefined, ACTIVITY_PAGE_SIZE);
    const last = first.at(-1)!;
    const second = await newestActivity(
      dataContext(sharded),
      afterKeyset(activityFeed, { createdAt: last.createdAt, id: last.id }),
      ACTIVITY_PAGE_SIZE,
    );
    const all = [...first, ...second];
    expect(all).toHaveLength(40);
    expect(new Set(all.map((entry) => entry.id)).size).toBe(40);
    const order = all.map((entry) => [entry.createdAt, entry.id] as const);
    expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1)));
    // The picks alternated between the shards, so the newest page holds both: the merge is not one shard after the other.
    expect(new Set(first.map((entry) => userShard(sharded, entry.userId).binding))).toEqual(
      new Set(["SHARD_0", "SHARD_1"]),
    );
  });
});
