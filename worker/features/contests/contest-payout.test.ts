import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { payContests } from "../../cron/pay-contests";
import { insertContest, join } from "../../test/contests";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { allInEveryTestShard, createPlayer, inEveryTestShard, shardOf } from "../../test/players";
import { prizeFor } from "./contest-prizes";

const DAY = 24 * 60 * 60 * 1000;

/** An ended contest with `count` players who joined a second apart; player i scores count - i (so finishes i + 1). */
const endedContest = async (count: number) => {
  const startsAt = Date.now() - 4 * DAY;
  const contestId = await insertContest({ startsAt, days: 3, title: `Field of ${count}` });
  const players: string[] = [];
  for (let i = 0; i < count; i++) {
    const userId = await createPlayer(15);
    await join(contestId, userId, startsAt + (i + 1) * 1000);
    await shardOf(userId)
      .prepare("UPDATE contest_entries SET score = ? WHERE contest_id = ? AND user_id = ?")
      .bind(count - i, contestId, userId)
      .run();
    players.push(userId);
  }
  return { contestId, players };
};

const prizeRows = (contestId: string) =>
  allInEveryTestShard<{ user_id: string; amount: number; transaction_type: string; source: string }>(
    "SELECT user_id, amount, transaction_type, source FROM credit_transactions WHERE substr(idempotency_key, 1, ?1) = ?2",
    `contest-prize:${contestId}:`.length,
    `contest-prize:${contestId}:`,
  );

describe("contest payout (cron)", () => {
  for (const count of [1, 7, 10, 20, 100]) {
    it(`pays every tier boundary of ${count} player${count > 1 ? "s" : ""} exactly once, however often the job runs`, async () => {
      const { contestId, players } = await endedContest(count);
      const now = Date.now();
      await Promise.all([payContests(dataContext(env), now, env), payContests(dataContext(env), now, env)]);
      await payContests(dataContext(env), now + 60_000, env);

      const expected = players.map((_, i) => prizeFor(i + 1, count));
      expect(await Promise.all(players.map((p) => balanceOf(p)))).toEqual(expected);
      const results = await prizeRows(contestId);
      expect(results).toHaveLength(expected.filter((amount) => amount > 0).length);
      expect(results.every((row) => row.transaction_type === "bonus" && row.source === "bonus")).toBe(true);
      const contest = await env.DB.prepare("SELECT closed_at, paid_at FROM contests WHERE id = ?")
        .bind(contestId)
        .first<{ closed_at: number; paid_at: number }>();
      expect(contest?.closed_at).not.toBeNull();
      expect(contest?.paid_at).not.toBeNull();
      const points = await shardOf(players[0]!)
        .prepare("SELECT prize_points FROM leaderboard_totals WHERE user_id = ?")
        .bind(players[0])
        .first<{ prize_points: number }>();
      expect(points?.prize_points).toBe(600);
      await expectLedgerClean();
    });
  }

  it("breaks a tie on score by the earlier join", async () => {
    const { contestId, players } = await endedContest(3);
    await inEveryTestShard("UPDATE contest_entries SET score = 5 WHERE contest_id = ?", contestId);
    await payContests(dataContext(env), Date.now(), env);
    expect(await Promise.all(players.map((p) => balanceOf(p)))).toEqual([600, 300, 150]);
    const ranks = await allInEveryTestShard<{ user_id: string; final_rank: number }>(
      "SELECT user_id, final_rank FROM contest_entries WHERE contest_id = ?",
      contestId,
    );
    expect(ranks.sort((a, b) => a.final_rank - b.final_rank).map((row) => row.user_id)).toEqual(players);
  });

  it("closes a contest nobody joined, and leaves running contests alone", async () => {
    const empty = await insertContest({ startsAt: Date.now() - 4 * DAY, days: 3 });
    const running = await insertContest();
    const player = await createPlayer(15);
    await join(running, player);
    await payContests(dataContext(env), Date.now(), env);
    const rows = await env.DB.prepare("SELECT id, paid_at, closed_at FROM contests WHERE id IN (?, ?)")
      .bind(empty, running)
      .all<{ id: string; paid_at: number | null; closed_at: number | null }>();
    expect(rows.results.find((r) => r.id === empty)?.paid_at).not.toBeNull();
    expect(rows.results.find((r) => r.id === running)).toMatchObject({ paid_at: null, closed_at: null });
    expect(await balanceOf(player)).toBe(0);
  });
});
