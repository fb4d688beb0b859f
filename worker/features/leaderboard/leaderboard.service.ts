import { countryFlagUrl } from "#shared/countries";
import { LEADERBOARD_MERGED_PER_SHARD, LEADERBOARD_PAGE_SIZE } from "../../config";
import { runQuery } from "../../db/compiled";
import { shardMap, userShard } from "../../db/shards";
import { batchNamed, type NamedResults } from "../../db/statement";
import { encodeCursor } from "../../lib/cursor";
import { winRate } from "../picks/pick-stats.service";
import { boardCount, boardQueries, boardRow, type BoardPageRow, type Period } from "./leaderboard.query";

type Result = Omit<BoardPageRow, "ahead">;
type Ranked = Result & { rank: number };

const toEntry = (row: Ranked, period: Period) => ({
  rank: row.rank,
  userId: row.userId,
  username: row.username,
  country: row.country,
  countryFlagUrl: countryFlagUrl(row.country),
  score: period === "all" ? row.points : row.wins,
  wins: row.wins,
  losses: row.losses,
  winRate: winRate(row.wins, row.losses),
  netCredits: row.netCredits,
  points: row.points,
});

const sameResult = (a: Result, b: Result, period: Period) =>
  period === "all" ? a.points === b.points : a.wins === b.wins && a.rate === b.rate && a.netCredits === b.netCredits;

/** The first row's rank comes from the count of players ahead of it; after that a rank changes with the result. */
const rankPage = (rows: BoardPageRow[], offset: number, period: Period) => {
  const ranked: Ranked[] = [];
  rows.forEach((row, i) => {
    const previous = ranked[i - 1];
    const rank = !previous ? row.ahead + 1 : sameResult(previous, row, period) ? previous.rank : offset + i + 1;
    ranked.push({ ...row, rank });
  });
  return ranked;
};

/**
 * A player's rank among every shard's players: one more than the players ahead of their result in the catalogue's
 * merged histograms, by the boards' own order (period boards: wins, then win rate, then net; all-time: points).
 */
const rankAmongAll = async (catalogue: D1Database, period: Period, row: Result) => {
  const ahead =
    period === "all"
      ? catalogue.prepare("SELECT COALESCE(SUM(players), 0) AS n FROM leaderboard_point_scores WHERE points > ?").bind(row.points)
      : catalogue
          .prepare(
            `SELECT COALESCE((SELECT SUM(players) FROM leaderboard_period_scores WHERE days = ?1 AND wins > ?2), 0)
               + COALESCE((SELECT SUM(players) FROM leaderboard_period_scores WHERE days = ?1 AND wins = ?2 AND rate > ?3), 0)
               + COALESCE((SELECT SUM(players) FROM leaderboard_period_scores
                           WHERE days = ?1 AND wins = ?2 AND rate = ?3 AND net_credits > ?4), 0) AS n`,
          )
          .bind(Number(period), row.wins, row.rate, row.netCredits);
  return 1 + ((await ahead.first<number>("n")) ?? 0);
};

/**
 * The merged boards' size, counting a player their own shard already ranks: until the next merge (within a minute)
 * a newly ranked player is missing from the merged histograms, and "#3 of 2" would be shown.
 */
const atLeastRanked = (total: number, rank: number | null) => Math.max(total, rank ?? 0);

/** The viewer's own row from their shard, ranked among all players; null for a player off the board. */
const viewerAmongAll = async (env: Env, period: Period, viewerId: string) => {
  const [row] = await runQuery(boardRow(userShard(env, viewerId).db, period, viewerId));
  return row ? { ...row, rank: await rankAmongAll(env.DB, period, row) } : null;
};

/**
 * A page of a board, its size, and the viewer's own row wherever it is (null for visitors and players off it). With
 * several user shards the page comes from the catalogue's merged boards, which list the overall best
 * LEADERBOARD_MERGED_PER_SHARD (merge-boards.ts), and the viewer's row from their own shard.
 */
export const readLeaderboard = async (env: Env, period: Period, offset: number, viewerId: string | null) => {
  const sharded = !shardMap(env).sharesCatalogue;
  const [{ page, count, mine }, viewer] = await Promise.all([
    batchNamed(env.DB, boardQueries(env.DB, period, offset, sharded ? null : viewerId)),
    sharded && viewerId ? viewerAmongAll(env, period, viewerId) : null,
  ]);
  const total = count[0]?.total ?? 0;
  const listed = sharded ? Math.min(total, LEADERBOARD_MERGED_PER_SHARD) : total;
  const me = viewer ?? mine[0];
  return {
    period,
    items: rankPage(page, offset, period).map((row) => toEntry(row, period)),
    me: me ? toEntry(me, period) : null,
    totalUsers: atLeastRanked(total, viewer?.rank ?? null),
    nextCursor: offset + LEADERBOARD_PAGE_SIZE < listed ? encodeCursor([offset + LEADERBOARD_PAGE_SIZE]) : null,
  };
};

/** A player's all-time rank and how many are ranked (the stats dialog), for a batch: read with allTimeRankOf. */
export const allTimeRankQueries = (d1: D1Database, userId: string) => ({
  rankRow: boardRow(d1, "all", userId),
  rankCount: boardCount(d1, "all"),
});

type AllTimeRankReads = NamedResults<ReturnType<typeof allTimeRankQueries>>;

export const allTimeRankOf = ({ rankRow, rankCount }: AllTimeRankReads) => ({
  rank: rankRow[0]?.rank ?? null,
  totalUsers: rankCount[0]?.total ?? 0,
});

/**
 * allTimeRankOf for reads made in the player's shard. With several shards those rank the player among their shard's
 * players only, so their result is ranked in the catalogue's merged histograms, whose sum is also the board's size.
 */
export const allTimeRankAmongAll = async (env: Env, reads: AllTimeRankReads) => {
  if (shardMap(env).sharesCatalogue) return allTimeRankOf(reads);
  const [row] = reads.rankRow;
  const [rank, [count]] = await Promise.all([row ? rankAmongAll(env.DB, "all", row) : null, runQuery(boardCount(env.DB, "all"))]);
  return { rank, totalUsers: atLeastRanked(count?.total ?? 0, rank) };
};
