import { countryFlagUrl } from "#shared/countries";
import { LEADERBOARD_PAGE_SIZE } from "../../config";
import { batchNamed, typed, type NamedResults } from "../../db/statement";
import { encodeCursor } from "../../lib/cursor";
import { winRate } from "../picks/pick-stats.service";
import {
  allTimeCountSql,
  allTimePageSql,
  allTimeRowSql,
  periodCountSql,
  periodPageSql,
  periodRowSql,
  type BoardRow,
} from "./leaderboard.query";

export type Period = "3" | "7" | "all";
type Ranked = BoardRow & { rank: number };

const toEntry = (row: Ranked, period: Period) => ({
  rank: row.rank,
  userId: row.user_id,
  username: row.username,
  country: row.country,
  countryFlagUrl: countryFlagUrl(row.country),
  score: period === "all" ? row.points : row.wins,
  wins: row.wins,
  losses: row.losses,
  winRate: winRate(row.wins, row.losses),
  netCredits: row.net_credits,
  points: row.points,
});

const sameResult = (a: BoardRow, b: BoardRow, period: Period) =>
  period === "all" ? a.points === b.points : a.wins === b.wins && a.rate === b.rate && a.net_credits === b.net_credits;

/** The first row's rank comes from the count of players ahead of it; after that a rank changes with the result. */
const rankPage = (rows: (BoardRow & { ahead: number })[], offset: number, period: Period) => {
  const ranked: Ranked[] = [];
  rows.forEach((row, i) => {
    const previous = ranked[i - 1];
    const rank = !previous ? row.ahead + 1 : sameResult(previous, row, period) ? previous.rank : offset + i + 1;
    ranked.push({ ...row, rank });
  });
  return ranked;
};

type Count = { total: number };

const statements = (d1: D1Database, period: Period, offset: number, viewerId: string | null) => {
  if (period === "all") {
    return {
      page: typed<BoardRow & { ahead: number }>(d1.prepare(allTimePageSql).bind(offset, LEADERBOARD_PAGE_SIZE)),
      count: typed<Count>(d1.prepare(allTimeCountSql)),
      mine: typed<Ranked>(d1.prepare(allTimeRowSql).bind(viewerId)),
    };
  }
  const days = Number(period);
  return {
    page: typed<BoardRow & { ahead: number }>(d1.prepare(periodPageSql).bind(days, offset, LEADERBOARD_PAGE_SIZE)),
    count: typed<Count>(d1.prepare(periodCountSql).bind(days)),
    mine: typed<Ranked>(d1.prepare(periodRowSql).bind(days, viewerId)),
  };
};

/** A page of a board, its size, and the viewer's own row wherever it is (null for visitors and players off it). */
export const readLeaderboard = async (d1: D1Database, period: Period, offset: number, viewerId: string | null) => {
  const { page, count, mine } = await batchNamed(d1, statements(d1, period, offset, viewerId));
  const rows = page.results;
  const total = count.results[0]?.total ?? 0;
  const me = mine.results[0];
  return {
    period,
    items: rankPage(rows, offset, period).map((row) => toEntry(row, period)),
    me: me ? toEntry(me, period) : null,
    totalUsers: total,
    nextCursor: offset + LEADERBOARD_PAGE_SIZE < total ? encodeCursor([offset + LEADERBOARD_PAGE_SIZE]) : null,
  };
};

/** A player's all-time rank and how many are ranked (the stats dialog), for a batch: read with allTimeRankOf. */
export const allTimeRankStatements = (d1: D1Database, userId: string) => ({
  rankRow: typed<Ranked>(d1.prepare(allTimeRowSql).bind(userId)),
  rankCount: typed<Count>(d1.prepare(allTimeCountSql)),
});

export const allTimeRankOf = ({ rankRow, rankCount }: NamedResults<ReturnType<typeof allTimeRankStatements>>) => ({
  rank: rankRow.results[0]?.rank ?? null,
  totalUsers: rankCount.results[0]?.total ?? 0,
});
