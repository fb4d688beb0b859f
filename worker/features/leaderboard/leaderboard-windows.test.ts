import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { recomputedAggregates, settleAt, storedAggregates } from "../../test/community";
import { apiClient, successOf } from "../../test/client";
import { createPlayer, placePick, sumOverShards } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { advanceLeaderboards } from "../../cron/advance-leaderboards";
import { shardMap } from "../../db/shards";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const scores = async (period: "3" | "7" | "all") =>
  (await successOf(apiClient().leaderboard.$get({ query: { period } }))).body.items.map((row) => [
    row.userId,
    row.score,
  ]);

describe("period board windows", () => {
  it("drop a win when its hour leaves the window, once, however often the job runs", async () => {
    const now = Date.now();
    const player = await createPlayer(20);
    const old = await insertQuestion({ creditCost: 1 });
    const recent = await insertQuestion({ creditCost: 1 });
    await placePick(player, old, "yes");
    await placePick(player, recent, "yes");
    await settleAt(old, "A", now - 2 * DAY - 12 * HOUR);
    await settleAt(recent, "A", now - 2 * HOUR);
    // The job's first run: with several shards it merges their boards, with one it leaves both wins in the window.
    await advanceLeaderboards(dataContext(env), now);
    expect(await scores("3")).toEqual([[player, 2]]);

    // Twelve hours later the older win is out of the 3-day window but still inside the 7-day one.
    const later = now + 12 * HOUR;
    await Promise.all([advanceLeaderboards(dataContext(env), later), advanceLeaderboards(dataContext(env), later)]);
    await advanceLeaderboards(dataContext(env), later);
    expect(await scores("3")).toEqual([[player, 1]]);
    expect(await scores("7")).toEqual([[player, 2]]);
    expect(await storedAggregates()).toEqual(await recomputedAggregates());

    // Eight days on, both wins are gone from both windows; all time keeps them, and the old hours are pruned.
    const result = await advanceLeaderboards(dataContext(env), now + 8 * DAY);
    // Each shard advances its two windows.
    expect(result).toMatchObject({ advanced: 2 * shardMap(env).shards.length });
    expect(await scores("3")).toEqual([]);
    expect(await scores("7")).toEqual([]);
    expect(await scores("all")).toEqual([[player, 4]]);
    expect(await sumOverShards("SELECT count(*) FROM leaderboard_hours")).toBe(0);
  });
});
