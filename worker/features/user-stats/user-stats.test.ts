import { describe, expect, it } from "vitest";
import { settleAt } from "../../test/community";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { createPlayer, placePick, updateAccount } from "../../test/players";
import { insertQuestion } from "../../test/questions";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const stats = (userId: string, period: "3" | "7" | "all" = "all") =>
  successOf(apiClient().users[":id"].stats.$get({ param: { id: userId }, query: { period } }));

/** For requests the typed client would not let a test write, and answers that are refusals. */
const rawStats = (userId: string, period: string) => callJson(`/api/users/${userId}/stats?period=${period}`);

/** One question per result, settled an hour apart (oldest first), each picked once by the player. */
const history = async (userId: string, results: ("win" | "loss" | "void")[], endedAgo = HOUR) => {
  const start = Date.now() - endedAgo - results.length * HOUR;
  for (const [i, result] of results.entries()) {
    const questionId = await insertQuestion({
      creditCost: 1,
      title: `Game ${i + 1}`,
      answerOptionA: "Home",
      answerOptionB: "Away",
    });
    await placePick(userId, questionId, result === "loss" ? "no" : "yes");
    await settleAt(questionId, result === "void" ? "void" : "A", start + i * HOUR);
  }
};

describe("GET /api/users/:id/stats", () => {
  it("answers a zeroed, unranked record for a player with no picks", async () => {
    const userId = await createPlayer();
    await updateAccount(userId, "country = 'GB', created_at = 1700000000000");
    const { status, body } = await stats(userId);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      countryFlagUrl: "/flags/gb.svg",
      totalPicks: 0,
      totalWins: 0,
      winRate: null,
      currentStreak: 0,
      maxStreak: 0,
      unranked: true,
      rank: null,
      joinedDate: 1700000000000,
      recentActivity: [],
    });
  });

  it("counts voided picks without wins, a win rate or a streak, and ranks the player at zero points", async () => {
    const userId = await createPlayer(10);
    await history(userId, ["void", "void", "void"]);
    const { body } = await stats(userId);
    expect(body).toMatchObject({
      totalPicks: 3,
      totalWins: 0,
      winRate: null,
      currentStreak: 0,
      maxStreak: 0,
      unranked: false,
    });
    expect(body.rank).toBe(body.totalUsers);
    expect(body.recentActivity.map((a) => a.result)).toEqual(["void", "void", "void"]);
  });

  it("follows a long streak, then keeps the best one after a loss; recent activity is the newest five", async () => {
    const userId = await createPlayer(50);
    await history(
      userId,
      Array.from({ length: 12 }, () => "win" as const),
    );
    let { body } = await stats(userId);
    expect(body).toMatchObject({
      totalPicks: 12,
      totalWins: 12,
      winRate: 100,
      currentStreak: 12,
      maxStreak: 12,
      rank: 1,
    });
    expect(body.recentActivity.map((a) => a.text)).toEqual(["Game 12", "Game 11", "Game 10", "Game 9", "Game 8"]);
    expect(body.recentActivity[0]).toMatchObject({ result: "win", choiceLabel: "Home" });

    await history(userId, ["loss", "win"], 0);
    ({ body } = await stats(userId));
    expect(body).toMatchObject({ totalPicks: 14, totalWins: 13, winRate: 92.9, currentStreak: 1, maxStreak: 12 });
    expect(body.recentActivity.slice(0, 2).map((a) => [a.result, a.choiceLabel])).toEqual([
      ["win", "Home"],
      ["loss", "Away"],
    ]);
  });

  it("answers a zeroed record for a period with nothing in it, keeping the all-time rank", async () => {
    const userId = await createPlayer(10);
    await history(userId, ["win", "win"], 5 * DAY);
    const week = await stats(userId, "7");
    expect(week.body).toMatchObject({ totalPicks: 2, totalWins: 2, winRate: 100 });
    const { body } = await stats(userId, "3");
    expect(body).toMatchObject({
      totalPicks: 0,
      totalWins: 0,
      winRate: null,
      currentStreak: 2,
      unranked: false,
      recentActivity: [],
    });
    expect(body.rank).toBeGreaterThan(0);
  });

  it("gives rank 999 to a player whose picks are all still open", async () => {
    const userId = await createPlayer(10);
    await placePick(userId, await insertQuestion({ creditCost: 1 }), "yes");
    const { body } = await stats(userId, "3");
    expect(body).toMatchObject({ totalPicks: 1, unranked: false, rank: 999 });
  });

  it("answers 404 for an unknown player and 400 for an unknown period", async () => {
    expect((await rawStats("no-such-user", "all")).body).toEqual({
      error: { code: "not_found", message: "User not found" },
    });
    expect((await rawStats(await createPlayer(), "30")).status).toBe(400);
  });
});
