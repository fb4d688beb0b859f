import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { createPlayer, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { SHARDS, twoShardEnv, userIdInShard } from "../../test/shards";
import { copyQuestions } from "../questions/question-copies";
import { deleteQuestion } from "./delete-question.service";

const rows = async (d1: D1Database, sql: string, id: string) =>
  (await d1.prepare(`SELECT count(*) AS n FROM ${sql}`).bind(id).first<number>("n")) ?? 0;

describe("deleting a question with players on two user shards", () => {
  it("refunds every shard's active picks once, removes the copies and then the catalogue's row", async () => {
    const sharded = twoShardEnv();
    const admin = await createPlayer();
    const questionId = await insertQuestion({ creditCost: 4 });
    await copyQuestions(dataContext(sharded), [questionId]);
    const homes = [
      { shard: SHARDS.SHARD_0, player: await createPlayer(10, SHARDS.SHARD_0, userIdInShard(0)) },
      { shard: SHARDS.SHARD_1, player: await createPlayer(10, SHARDS.SHARD_1, userIdInShard(1)) },
    ];
    const players = homes.map(({ player }) => player);
    for (const { shard, player } of homes) {
      await placePick(player, questionId, "yes", 1, shard);
      await shard
        .prepare("INSERT INTO user_bookmarks (user_id, question_id, created_at) VALUES (?, ?, 0)")
        .bind(player, questionId)
        .run();
    }

    const refunded: string[] = [];
    await deleteQuestion(dataContext(sharded), questionId, admin, (refunds) =>
      refunded.push(...refunds.map(({ userId }) => userId)),
    );
    expect(refunded.sort()).toEqual([...players].sort());
    for (const { shard, player } of homes) {
      expect(await balanceOf(player, shard)).toBe(10);
      expect(await rows(shard, "user_picks WHERE question_id = ?", questionId)).toBe(0);
      expect(await rows(shard, "user_bookmarks WHERE question_id = ?", questionId)).toBe(0);
      expect(await rows(shard, "questions WHERE id = ?", questionId)).toBe(0);
      await expectLedgerClean(shard);
    }
    expect(await rows(env.DB, "questions WHERE id = ?", questionId)).toBe(0);
    expect(await rows(env.DB, "admin_audit_log WHERE action = 'delete' AND entity_id = ?", questionId)).toBe(1);

    // Run again after it finished: nothing left to find.
    await expect(deleteQuestion(dataContext(sharded), questionId, admin)).rejects.toThrow("Question not found");
  });
});
