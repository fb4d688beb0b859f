import { countryFlagUrl } from "#shared/countries";
import { LEADERBOARD_MERGED_PER_DATABASE, LEADERBOARD_PAGE_SIZE } from "../../config";
import { runQuery } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { batchNamed, type NamedResults } from "../../db/statement";
import { encodeCursor } from "../../lib/cursor";
import { winRate } from "../picks/pick-stats.service";
import { boardCount, boardPage, boardRow, playersAheadOf, type BoardPageRow, type Period } from "./leaderboard.query";

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
 * A player's rank among every database's players: one more than the players ahead of their result in the catalogue's
 * merged histograms, by the boards' own order (period boards: wins, then win rate, then net; all-time: points).
 */
const rankAmongAll = async (catalogue: D1Database, period: Period, row: Result) => {
  const { ahead } = await batchNamed(catalogue, { ahead: playersAheadOf(catalogue, period, row) });
  return 1 + ahead.reduce((sum, [count]) => sum + (count?.total ?? 0), 0);
};

/**
 * The merged boards' size, counting a player their own database already ranks: until the next merge (within a minute)
 * a newly ranked player is missing from the merged histograms, and "#3 of 2" would be shown.
 */
const atLeastRanked = (total: number, rank: number | null) => Math.max(total, rank ?? 0);

/**
 * A page of a board, its size, and the viewer's own row wherever it is (null for visitors and players off it). The
 * page comes from the catalogue's boards; where players live in other databases those are the merged boards, which
 * list the overall best LEADERBOARD_MERGED_PER_DATABASE (merge-boards.ts), and the viewer's row, read in their own
 * database, is ranked among everybody's.
 */
export const readLeaderboard = async (data: DataContext, period: Period, offset: number, viewerId: string | null) => {
  const board = (d1: D1Database) => ({ page: boardPage(d1, period, offset), count: boardCount(d1, period) });
  const { page, count, mine } = viewerId
    ? await data.readCatalogueAndPlayer(viewerId, board, (d1) => ({ mine: boardRow(d1, period, viewerId) }))
    : { ...(await batchNamed(data.catalogue, board(data.catalogue))), mine: [] };
  const total = count[0]?.total ?? 0;
  const [own] = mine;
  const me = own && !data.playersInCatalogue ? { ...own, rank: await rankAmongAll(data.catalogue, period, own) } : own;
  const listed = data.playersInCatalogue ? total : Math.min(total, LEADERBOARD_MERGED_PER_DATABASE);
  return {
    period,
    items: rankPage(page, offset, period).map((row) => toEntry(row, period)),
    me: me ? toEntry(me, period) : null,
    totalUsers: atLeastRanked(total, me?.rank ?? null),
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
 * allTimeRankOf for reads made in the player's database. Where that is not the catalogue they rank the player among
 * their database's players only, so their result is ranked in the catalogue's merged histograms, whose sum is also
 * the board's size.
 */
export const allTimeRankAmongAll = async (data: DataContext, reads: AllTimeRankReads) => {
  if (data.playersInCatalogue) return allTimeRankOf(reads);
  const [row] = reads.rankRow;
  const [rank, [count]] = await Promise.all([
    row ? rankAmongAll(data.catalogue, "all", row) : null,
    runQuery(boardCount(data.catalogue, "all")),
  ]);
  return { rank, totalUsers: atLeastRanked(count?.total ?? 0, rank) };
};
