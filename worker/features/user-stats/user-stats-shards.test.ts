import { describe, expect, it } from "vitest";
import { advanceLeaderboards } from "../../cron/advance-leaderboards";
import { dataContext } from "../../db/data-context";
import { apiClient, successOf } from "../../test/client";
import { createPlayer, createPlayerIn, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { adminActor } from "../admin-audit/admin-audit";
import { copyQuestions } from "../questions/question-copies";
import { setOutcome } from "../settlement/outcome.service";

const shards = twoShardEnv();
const data = dataContext(shards);

const stats = (userId: string) =>
  successOf(apiClient({ env: shards }).users[":id"].stats.$get({ param: { id: userId }, query: { period: "all" } }));

describe("player stats with players over two shards", () => {
  it("reads the record from the player's shard and ranks it among every shard's players", async () => {
    const questions = [
      await insertQuestion({ creditCost: 2 }),
      await insertQuestion({ creditCost: 2 }),
      await insertQuestion({ creditCost: 2 }),
    ];
    await copyQuestions(data, questions);
    const [a, b, c, d] = [
      await createPlayerIn(shards, 20, userIdInShard(0)),
      await createPlayerIn(shards, 20, userIdInShard(1)),
      await createPlayerIn(shards, 20, userIdInShard(0)),
      await createPlayerIn(shards, 20, userIdInShard(1)),
    ];
    const picks: [string, "yes" | "no", number[]][] = [
      [a, "yes", [0, 1, 2]],
      [b, "yes", [0, 1]],
      [b, "no", [2]],
      [c, "no", [0, 1, 2]],
      [d, "yes", [0]],
    ];
    for (const [player, choice, which] of picks)
      for (const i of which) await placePick(player, questions[i]!, choice, 1, data.player(player));
    const admin = adminActor(await createPlayer());
    for (const questionId of questions)
      await setOutcome(data, { questionId, outcome: "A", actor: admin, now: Date.now() });
    await advanceLeaderboards(data, Date.now());

    const expected = [
      [a, { totalPicks: 3, totalWins: 3, currentStreak: 3, maxStreak: 3, rank: 1 }],
      [b, { totalPicks: 3, totalWins: 2, currentStreak: 0, maxStreak: 2, rank: 2 }],
      [d, { totalPicks: 1, totalWins: 1, currentStreak: 1, maxStreak: 1, rank: 3 }],
      [c, { totalPicks: 3, totalWins: 0, currentStreak: 0, maxStreak: 0, rank: 4 }],
    ] as const;
    for (const [player, record] of expected) {
      const { body } = await stats(player);
      expect(body).toMatchObject({ ...record, unranked: false, totalUsers: 4 });
      expect(body.recentActivity).toHaveLength(record.totalPicks);
    }
  });
});
