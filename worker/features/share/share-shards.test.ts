import { describe, expect, it } from "vitest";
import { dataContext } from "../../db/data-context";
import { call } from "../../test/http";
import { createPlayerIn, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin } from "../../test/sessions";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { apiClient, successOf } from "../../test/client";
import { mergeBoards } from "../leaderboard/merge-boards";
import { copyQuestions } from "../questions/question-copies";

const shards = twoShardEnv();

const titleOf = async (path: string) => {
  const response = await call(path, { env: shards });
  expect(response.status).toBe(200);
  return /<meta property="og:title" content="([^"]*)"/.exec(await response.text())?.[1];
};

describe("share links of a player in a shard that is not the catalogue", () => {
  it("find the pick in its shard, and the streak and all-time place of its player", async () => {
    const admin = await signedInAdmin(shards);
    const playerId = await createPlayerIn(shards, 10, userIdInShard(1));
    const questionId = await insertQuestion({ creditCost: 2, title: "Will the shards agree?" });
    await copyQuestions(dataContext(shards), [questionId]);
    const pickId = await placePick(playerId, questionId, "yes", 1, shards.SHARD_1);
    expect(await titleOf(`/share/pick/${pickId}`)).toMatch(/picked Yes: Will the shards agree\?$/);

    await successOf(
      apiClient({ headers: admin.bearer, env: shards }).admin.questions[":id"].outcome.$put({
        param: { id: questionId },
        json: { outcome: "A" },
      }),
    );
    await mergeBoards(dataContext(shards));
    expect(await titleOf(`/share/streak/${playerId}`)).toMatch(/is on a 1-win streak$/);
    expect(await titleOf(`/share/rank/${playerId}`)).toMatch(/is #\d+ on the Pickstreak leaderboard$/);
    expect((await call(`/share/pick/no-such-pick`, { env: shards })).status).toBe(404);
  });
});
