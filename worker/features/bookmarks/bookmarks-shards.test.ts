import { describe, expect, it } from "vitest";
import { dataContext } from "../../db/data-context";
import { apiClient, successOf } from "../../test/client";
import { insertQuestion } from "../../test/questions";
import { signedInPlayerPerShard } from "../../test/shard-players";
import { rowsByDatabase } from "../../test/shards";
import { twoShardEnv } from "../../test/shards";
import { copyQuestions } from "../questions/question-copies";

const shards = twoShardEnv();

const bookmark = (bearer: Record<string, string>) =>
  apiClient({ headers: bearer, env: shards }).bookmarks[":questionId"];

describe("bookmarks with players over two shards", () => {
  it("keeps each player's bookmarks in their own shard, and removes them there", async () => {
    const questionId = await insertQuestion();
    await copyQuestions(dataContext(shards), [questionId]);
    for (const player of await signedInPlayerPerShard(shards)) {
      const added = await successOf(bookmark(player.bearer).$put({ param: { questionId } }));
      expect(added.body).toEqual({ questionId, bookmarked: true });
      expect(await rowsByDatabase(shards, "user_bookmarks", player.userId)).toEqual({
        shard: 1,
        other: 0,
        catalogue: 0,
      });
      const removed = await successOf(bookmark(player.bearer).$delete({ param: { questionId } }));
      expect(removed.body).toEqual({ questionId, bookmarked: false });
      expect(await rowsByDatabase(shards, "user_bookmarks", player.userId)).toEqual({
        shard: 0,
        other: 0,
        catalogue: 0,
      });
    }
  });

  it("answers 404 for a question that does not exist, from the shard", async () => {
    const [player] = await signedInPlayerPerShard(shards);
    const response = await bookmark(player.bearer).$put({ param: { questionId: "nope" } });
    expect(response.status).toBe(404);
  });
});
