import { countryFlagUrl } from "#shared/countries";
import { LEADERBOARD_PAGE_SIZE } from "../../config";
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

/** A page of a board, its size, and the viewer's own row wherever it is (null for visitors and players off it). */
export const readLeaderboard = async (d1: D1Database, period: Period, offset: number, viewerId: string | null) => {
  const { page, count, mine } = await batchNamed(d1, boardQueries(d1, period, offset, viewerId));
  const total = count[0]?.total ?? 0;
  const me = mine[0];
  return {
    period,
    items: rankPage(page, offset, period).map((row) => toEntry(row, period)),
    me: me ? toEntry(me, period) : null,
    totalUsers: total,
    nextCursor: offset + LEADERBOARD_PAGE_SIZE < total ? encodeCursor([offset + LEADERBOARD_PAGE_SIZE]) : null,
  };
};

/** A player's all-time rank and how many are ranked (the stats dialog), for a batch: read with allTimeRankOf. */
export const allTimeRankQueries = (d1: D1Database, userId: string) => ({
  rankRow: boardRow(d1, "all", userId),
  rankCount: boardCount(d1, "all"),
});

export const allTimeRankOf = ({ rankRow, rankCount }: NamedResults<ReturnType<typeof allTimeRankQueries>>) => ({
  rank: rankRow[0]?.rank ?? null,
  totalUsers: rankCount[0]?.total ?? 0,
});
