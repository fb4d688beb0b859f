import { describe, expect, it } from "vitest";
import { deleteAccount, giveDefaultPassword } from "../../test/account-deletion";
import { apiClient, successOf } from "../../test/client";
import { insertContest, join } from "../../test/contests";
import { placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin, signedInPlayer } from "../../test/sessions";

describe("a deleted player's name", () => {
  it("reads Deleted player in the activity, the standings, the contest, the stats and the audit log, never their id", async () => {
    const admin = await signedInAdmin();
    const adminApi = apiClient({ headers: admin.bearer });
    const player = await signedInPlayer(100);
    const { userId } = player;
    const contestId = await insertContest();
    await join(contestId, userId);
    const questionId = await insertQuestion({ creditCost: 1 });
    await placePick(userId, questionId, "yes");
    await successOf(
      adminApi.admin.questions[":id"].outcome.$put({ param: { id: questionId }, json: { outcome: "A" } }),
    );
    await successOf(
      adminApi.admin.players[":id"].credits.$post({
        param: { id: userId },
        json: { adjustmentId: crypto.randomUUID(), amount: 5, reason: "Before leaving" },
      }),
    );
    await giveDefaultPassword(userId);
    await successOf(deleteAccount(player.bearer));

    const api = apiClient();
    const activity = (await successOf(api.activity.$get({ query: {} }))).body.items.filter((e) => e.userId === userId);
    const board = (await successOf(api.leaderboard.$get({ query: { period: "all" } }))).body.items.filter(
      (e) => e.userId === userId,
    );
    const contest = (await successOf(api.contests.$get())).body.items.find((c) => c.id === contestId);
    const standings = contest?.standings.filter((s) => s.userId === userId) ?? [];
    const stats = (await successOf(api.users[":id"].stats.$get({ param: { id: userId }, query: {} }))).body;
    const audit = (await successOf(adminApi.admin.audit.$get({ query: { subjectUserId: userId } }))).body.items;

    expect(activity.map((e) => [e.kind, e.username])).toEqual([
      ["win", "Deleted player"],
      ["pick", "Deleted player"],
    ]);
    expect(board.map((e) => e.username)).toEqual(["Deleted player"]);
    expect(standings.map((s) => s.username)).toEqual(["Deleted player"]);
    expect(stats.username).toBe("Deleted player");
    expect(audit.map((e) => [e.action, e.subjectUsername])).toEqual([["credits_awarded", "Deleted player"]]);
    const placeholder = `deleted_${userId.replaceAll("-", "")}`;
    expect(JSON.stringify([activity, board, standings, stats, audit])).not.toContain(placeholder);
  });
});
