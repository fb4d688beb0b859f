import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { advanceLeaderboards } from "../../cron/advance-leaderboards";
import { createPlayer, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { adminActor } from "../admin-audit/admin-audit";
import { copyQuestions } from "../questions/question-copies";
import { setOutcome } from "../settlement/outcome.service";
import { readLeaderboard } from "./leaderboard.service";

/** A player in a shard, with the directory row the catalogue keeps for every player (docs/decisions/0026-user-shards.md). */
const playerIn = async (shard: 0 | 1) => {
  const id = userIdInShard(shard);
  await createPlayer(0, env.DB, id);
  await createPlayer(20, shard === 0 ? env.SHARD_0 : env.SHARD_1, id);
  return { id, db: shard === 0 ? env.SHARD_0 : env.SHARD_1 };
};

describe("leaderboards across two user shards", () => {
  it("ranks every shard's players in one board, and each viewer by their result among all of them", async () => {
    const sharded = twoShardEnv();
    const admin = adminActor(await createPlayer());
    const questions = [
      await insertQuestion({ creditCost: 2 }),
      await insertQuestion({ creditCost: 2 }),
      await insertQuestion({ creditCost: 2 }),
    ];
    await copyQuestions(dataContext(sharded), questions);
    const [a, b, c, d] = [await playerIn(0), await playerIn(1), await playerIn(0), await playerIn(1)];
    const picks: [typeof a, "yes" | "no", number[]][] = [
      [a, "yes", [0, 1, 2]],
      [b, "yes", [0, 1]],
      [b, "no", [2]],
      [c, "no", [0, 1, 2]],
      [d, "yes", [0]],
    ];
    for (const [player, choice, which] of picks)
      for (const i of which) await placePick(player.id, questions[i]!, choice, 1, player.db);
    for (const questionId of questions)
      await setOutcome(dataContext(sharded), {
        questionId,
        outcome: "A",
        actor: admin,
        now: Date.now(),
      });
    expect(await advanceLeaderboards(dataContext(sharded), Date.now())).toMatchObject({ merged: true });

    for (const period of ["all", "7"] as const) {
      const board = await readLeaderboard(dataContext(sharded), period, 0, null);
      expect(board.totalUsers).toBe(4);
      expect(board.items.map((item) => item.userId)).toEqual([a.id, b.id, d.id, c.id]);
      expect(board.items.map((item) => [item.wins, item.losses])).toEqual([
        [3, 0],
        [2, 1],
        [1, 0],
        [0, 3],
      ]);
      expect(board.items.map((item) => item.rank)).toEqual([1, 2, 3, 4]);
      expect(board.nextCursor).toBeNull();
      for (const player of [a, b, c, d]) {
        const own = await readLeaderboard(dataContext(sharded), period, 0, player.id);
        expect(own.me).toEqual(board.items.find((item) => item.userId === player.id));
      }
    }
  });
});
