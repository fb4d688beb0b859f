import { and, desc, eq, gt, sql, type SQL, type WithSubquery } from "drizzle-orm";
import { alias, type SelectedFields, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { LEADERBOARD_BUCKET_MS, LEADERBOARD_PAGE_SIZE } from "../../config";
import { createDb, type Db } from "../../db/client";
import { boundQuery, compiledQuery, type RowOf } from "../../db/compiled";
import { publicName } from "../../db/public-name";
import {
  leaderboardPeriodScores,
  leaderboardPeriods,
  leaderboardPointScores,
  leaderboardTotals,
  users,
} from "../../db/schema";

/**
 * The board queries, apart from the service so their plans can be checked. Each board is one row per player in an
 * index that holds the board's order, so a page is an index walk. A rank is the number of players ahead, summed
 * over the board's distinct results (migrations/0009_leaderboard_scores.sql), not counted player by player.
 * Ties share a rank (1, 2, 2, 4) and are listed by user id.
 */

export type Period = "3" | "7" | "all";

/** The first hour inside a window of `days` ending now. */
export const windowStartHour = (days: number, now: number) =>
  Math.floor(now / LEADERBOARD_BUCKET_MS) - Math.round((days * 24 * 60 * 60 * 1000) / LEADERBOARD_BUCKET_MS) + 1;

// The query plans name t the board, x its histogram of results and u the player (leaderboard-plan.test.ts).
const periods = alias(leaderboardPeriods, "t");
const totals = alias(leaderboardTotals, "t");
const periodScores = alias(leaderboardPeriodScores, "x");
const pointScores = alias(leaderboardPointScores, "x");
const players = alias(users, "u");

const days = sql.placeholder("days");
const offset = sql.placeholder("offset");
const viewer = sql.placeholder("viewer");

type Row = Record<"userId" | "wins" | "losses" | "netCredits", SQLiteColumn>;
type PeriodColumns = Record<"wins" | "rate" | "netCredits", SQLiteColumn>;
/** A period board's result: a row's columns, or the numbers of a row read from another database. */
type PeriodResult = Record<keyof PeriodColumns, SQLiteColumn | number>;

/** A generated column is never NULL (its expression has no NULL in it), which the schema's type cannot say. */
const generated = (column: SQLiteColumn, name: string) => sql<number>`${column}`.as(name);
const zero = (name: string) => sql<number>`0`.as(name);

/** Generic per column, so each keeps its own type (a bound on the whole row would widen them to any column). */
const playerColumns = <U, W, L, N>({
  userId,
  wins,
  losses,
  netCredits,
}: {
  userId: U;
  wins: W;
  losses: L;
  netCredits: N;
}) => ({
  userId,
  username: publicName(players),
  country: players.country,
  wins,
  losses,
  netCredits,
});

const playerOf = (row: Pick<Row, "userId">) => eq(players.id, row.userId);

const sumOfPlayers = (column: SQLiteColumn) => sql<number>`COALESCE(SUM(${column}), 0)`.as("total");

// Literal zeros: a bound value would keep SQLite from the boards' partial indexes.
const onPeriod = and(eq(periods.days, days), sql`${periods.wins} + ${periods.losses} > 0`);
const ranked = sql`(${totals.settled} > 0 OR ${totals.prizePoints} > 0)`;

const periodOrder = (row: PeriodColumns & Row) => [desc(row.wins), desc(row.rate), desc(row.netCredits), row.userId];
const pointsOrder = (row: Row & { points: SQLiteColumn }) => [desc(row.points), row.userId];

const periodPlayers = (db: Db, ...conditions: SQL[]) =>
  db
    .select({ total: sumOfPlayers(periodScores.players) })
    .from(periodScores)
    .where(and(eq(periodScores.days, days), ...conditions));

/** The results ahead of `row` on a period board (wins, then win rate, then net): three index ranges, not one OR. */
const periodAheadRanges = (row: PeriodResult) => {
  const x = periodScores;
  return [
    [gt(x.wins, row.wins)],
    [eq(x.wins, row.wins), gt(x.rate, row.rate)],
    [eq(x.wins, row.wins), eq(x.rate, row.rate), gt(x.netCredits, row.netCredits)],
  ];
};

const periodAhead = (db: Db, row: PeriodResult) => {
  const [higher, sameWins, sameRate] = periodAheadRanges(row).map((range) => periodPlayers(db, ...range));
  return sql<number>`${higher} + ${sameWins} + ${sameRate}`;
};

const pointsAhead = (db: Db, row: { points: SQLiteColumn | number }) =>
  db
    .select({ total: sumOfPlayers(pointScores.players) })
    .from(pointScores)
    .where(gt(pointScores.points, row.points));

const allTimeAhead = (db: Db, row: { points: SQLiteColumn }) => sql<number>`${pointsAhead(db, row)}`;

/**
 * A page of a board joined to its players. `page` holds the board's rows (an index walk with LIMIT and OFFSET
 * inside, so only the page's rows are joined) and `first` its first row; `ahead` counts the players ahead of that
 * row, which ranks the page.
 */
const rankedPage = <C extends SelectedFields>(
  db: Db,
  { page, first }: { page: WithSubquery<"page">; first: WithSubquery<"first"> },
  columns: C & { userId: SQLiteColumn },
  ahead: SQL<number>,
  order: (SQL | SQLiteColumn)[],
) =>
  db
    .with(page, first)
    .select({ ...columns, ahead: sql<number>`${db.select({ ahead }).from(first)}`.as("ahead") })
    .from(page)
    .innerJoin(players, playerOf(columns))
    .orderBy(...order);

const periodPage = (db: Db) => {
  const { userId, wins, losses, netCredits, rate } = periods;
  const rows = db
    .select({ userId, wins, losses, netCredits, rate })
    .from(periods)
    .where(onPeriod)
    .orderBy(...periodOrder(periods));
  const page = db.$with("page").as(rows.limit(LEADERBOARD_PAGE_SIZE).offset(offset));
  const first = db.$with("first").as(db.select().from(page).limit(1));
  const columns = { ...playerColumns(page), points: zero("points"), rate: generated(page.rate, "rate") };
  return rankedPage(db, { page, first }, columns, periodAhead(db, first), periodOrder(page));
};

/** Points are pick winnings plus contest prizes. */
const allTimePage = (db: Db) => {
  const { userId, wins, losses, netCredits, points } = totals;
  const rows = db
    .select({ userId, wins, losses, netCredits, points })
    .from(totals)
    .where(ranked)
    .orderBy(...pointsOrder(totals));
  const page = db.$with("page").as(rows.limit(LEADERBOARD_PAGE_SIZE).offset(offset));
  const first = db.$with("first").as(db.select().from(page).limit(1));
  const columns = { ...playerColumns(page), points: generated(page.points, "points"), rate: zero("rate") };
  return rankedPage(db, { page, first }, columns, allTimeAhead(db, first), pointsOrder(page));
};

const periodRow = (db: Db) =>
  db
    .select({
      ...playerColumns(periods),
      points: zero("points"),
      rate: generated(periods.rate, "rate"),
      rank: sql<number>`1 + ${periodAhead(db, periods)}`.as("rank"),
    })
    .from(periods)
    .innerJoin(players, playerOf(periods))
    .where(and(onPeriod, eq(periods.userId, viewer)));

const allTimeRow = (db: Db) =>
  db
    .select({
      ...playerColumns(totals),
      points: generated(totals.points, "points"),
      rate: zero("rate"),
      rank: sql<number>`1 + ${allTimeAhead(db, totals)}`.as("rank"),
    })
    .from(totals)
    .innerJoin(players, playerOf(totals))
    .where(and(ranked, eq(totals.userId, viewer)));

/** The whole histogram of points is read (a row per distinct result), so it is not named like the tables checked for scans. */
const allTimeCount = (db: Db) =>
  db.select({ total: sumOfPlayers(leaderboardPointScores.players) }).from(leaderboardPointScores);

const BOARDS = {
  period: {
    page: compiledQuery(periodPage),
    row: compiledQuery(periodRow),
    count: compiledQuery((db) => periodPlayers(db)),
  },
  all: { page: compiledQuery(allTimePage), row: compiledQuery(allTimeRow), count: compiledQuery(allTimeCount) },
};

/** A board's queries, and the values that pick a period board's window (3 and 7 days share one table). */
const boardOf = (period: Period) =>
  period === "all" ? { board: BOARDS.all, values: {} } : { board: BOARDS.period, values: { days: Number(period) } };

/** The board's size, bound and ready for a batch. */
export const boardCount = (d1: D1Database, period: Period) => {
  const { board, values } = boardOf(period);
  return board.count(d1, values);
};

/** A player's own row with their rank; no row for a player off the board (or no player). */
export const boardRow = (d1: D1Database, period: Period, userId: string | null) => {
  const { board, values } = boardOf(period);
  return board.row(d1, { ...values, viewer: userId });
};

/** A page of a board, from the `from`th row on. */
export const boardPage = (d1: D1Database, period: Period, from: number) => {
  const { board, values } = boardOf(period);
  return board.page(d1, { ...values, offset: from });
};

type Result = { wins: number; rate: number; netCredits: number; points: number };

/**
 * The counts of players ahead of a result in a board's histograms, by the board's own order, for a batch: their sum
 * ranks a result that was read in another database.
 */
export const playersAheadOf = (d1: D1Database, period: Period, result: Result) => {
  const db = createDb(d1);
  if (period === "all") return [boundQuery(d1, pointsAhead(db, result))];
  const onBoard = eq(periodScores.days, Number(period));
  return periodAheadRanges(result).map((range) =>
    boundQuery(
      d1,
      db
        .select({ total: sumOfPlayers(periodScores.players) })
        .from(periodScores)
        .where(and(onBoard, ...range)),
    ),
  );
};

/** A row of a page; `ahead` counts the players ahead of the page's first row. */
export type BoardPageRow = RowOf<typeof BOARDS.period.page>;
