import { describe, expect, it } from "vitest";
import { dataContext } from "../../db/data-context";
import { playerDb } from "../../db/shards";
import { apiClient, successOf } from "../../test/client";
import { createPlayerIn, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin } from "../../test/sessions";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { copyQuestions } from "../questions/question-copies";

const shards = twoShardEnv();

describe("the admin's pick counts with players over two databases", () => {
  it("counts every database's picks on a question resolved before its counts were folded into the catalogue", async () => {
    const admin = await signedInAdmin(shards);
    const api = apiClient({ headers: admin.bearer, env: shards }).admin.questions;
    const title = `Resolved early ${crypto.randomUUID()}`;
    const questionId = await insertQuestion({ title, creditCost: 1 });
    await copyQuestions(dataContext(shards), [questionId]);
    for (const shard of [0, 1, 1] as const) {
      const player = await createPlayerIn(shards, 10, userIdInShard(shard));
      await placePick(player, questionId, "yes", 1, playerDb(shards, player));
    }
    // The every-minute fold has not run: the catalogue's own counter still says no one picked.
    await successOf(api[":id"].outcome.$put({ param: { id: questionId }, json: { outcome: "A" } }));

    const { body: list } = await successOf(api.$get({ query: { q: title } }));
    expect(list.items.map(({ id, status, pickCount }) => ({ id, status, pickCount }))).toEqual([
      { id: questionId, status: "resolved", pickCount: 3 },
    ]);
    const { body: one } = await successOf(api[":id"].$get({ param: { id: questionId } }));
    expect(one.question.pickCount).toBe(3);
  });

  it("keeps the folded count of a question still open for picks", async () => {
    const admin = await signedInAdmin(shards);
    const title = `Still open ${crypto.randomUUID()}`;
    const questionId = await insertQuestion({ title, creditCost: 1, pickCount: 7 });
    const { body } = await successOf(
      apiClient({ headers: admin.bearer, env: shards }).admin.questions.$get({ query: { q: title } }),
    );
    expect(body.items.map(({ id, pickCount }) => ({ id, pickCount }))).toEqual([{ id: questionId, pickCount: 7 }]);
  });
});
