import { and, desc, eq, exists, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { LEADERBOARD_MERGED_PER_DATABASE } from "../../config";
import { createDb } from "../../db/client";
import { boundQuery, writeStatement } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import {
  leaderboardPeriods,
  leaderboardPeriodScores,
  leaderboardPointScores,
  leaderboardTotals,
  users,
} from "../../db/schema";
import { batchNamed } from "../../db/statement";

const PERIOD_DAYS = [3, 7] as const;

const periods = leaderboardPeriods;
const totals = leaderboardTotals;

/** One round trip per database: its best rows of each board and its whole histograms of results. */
const readBoards = async (d1: D1Database) => {
  const db = createDb(d1);
  const best = (days: number) =>
    db
      .select({
        days: periods.days,
        userId: periods.userId,
        wins: periods.wins,
        losses: periods.losses,
        netCredits: periods.netCredits,
      })
      .from(periods)
      .where(and(eq(periods.days, days), sql`${periods.wins} + ${periods.losses} > 0`))
      .orderBy(desc(periods.wins), desc(periods.rate), desc(periods.netCredits), periods.userId)
      .limit(LEADERBOARD_MERGED_PER_DATABASE);
  const { wins, losses, voids, netCredits, pickPoints, prizePoints } = totals;
  const boards = await batchNamed(d1, {
    periods: PERIOD_DAYS.map((days) => boundQuery(d1, best(days))),
    totals: boundQuery(
      d1,
      db
        .select({ userId: totals.userId, wins, losses, voids, netCredits, pickPoints, prizePoints })
        .from(totals)
        .where(sql`${totals.settled} > 0 OR ${totals.prizePoints} > 0`)
        .orderBy(desc(totals.points), totals.userId)
        .limit(LEADERBOARD_MERGED_PER_DATABASE),
    ),
    periodScores: boundQuery(d1, db.select().from(leaderboardPeriodScores)),
    pointScores: boundQuery(d1, db.select().from(leaderboardPointScores)),
  });
  return { ...boards, periods: boards.periods.flat() };
};

type Boards = Awaited<ReturnType<typeof readBoards>>;

const field = (key: string) => sql.raw(`value ->> '${key}'`);

/**
 * A SELECT of the rows in a JSON array of objects keyed like the table's columns in the schema, giving the columns
 * an INSERT of the table writes (all but the generated ones) in their order. A `summed` column is summed over the
 * rows that agree on every other.
 */
const jsonRows = (table: SQLiteTable, rows: unknown[], { where, summed }: { where?: SQL; summed?: string } = {}) => {
  const keys = Object.entries(getTableColumns(table))
    .filter(([, column]) => !column.generated)
    .map(([key]) => key);
  const columns = sql.join(
    keys.map((key) => (key === summed ? sql`SUM(${field(key)})` : field(key))),
    sql`, `,
  );
  const grouped = summed ? sql` GROUP BY ${sql.join(keys.filter((key) => key !== summed).map(field), sql`, `)}` : sql``;
  return sql`SELECT ${columns} FROM json_each(${JSON.stringify(rows)}) WHERE ${where ?? sql`true`}${grouped}`;
};

/**
 * The leaderboards across player databases: every minute the catalogue's boards are replaced, in one batch, by each
 * database's best rows (so the overall best LEADERBOARD_MERGED_PER_DATABASE of every board are there, in order) and by
 * the sum of the databases' histograms of results, from which any player's rank is counted. The boards' triggers
 * move the catalogue's histograms while the rows go in; the summed histograms then replace them. A row whose player
 * has no directory entry in the catalogue is left out rather than breaking the batch.
 */
export const mergeBoards = async (data: DataContext) => {
  // The catalogue's boards are the players' own.
  if (data.playersInCatalogue) return { merged: false };
  const perDatabase = await Promise.all(data.players().map(({ db }) => readBoards(db)));
  const all = <K extends keyof Boards>(board: K) => perDatabase.flatMap((boards) => boards[board] as unknown[]);
  const d1 = data.catalogue;
  const db = createDb(d1);
  const known = exists(
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, field("userId"))),
  );
  await d1.batch([
    writeStatement(d1, db.delete(periods)),
    writeStatement(d1, db.delete(totals)),
    writeStatement(d1, db.insert(periods).select(jsonRows(periods, all("periods"), { where: known }))),
    writeStatement(d1, db.insert(totals).select(jsonRows(totals, all("totals"), { where: known }))),
    writeStatement(d1, db.delete(leaderboardPeriodScores)),
    writeStatement(
      d1,
      db
        .insert(leaderboardPeriodScores)
        .select(jsonRows(leaderboardPeriodScores, all("periodScores"), { summed: "players" })),
    ),
    writeStatement(d1, db.delete(leaderboardPointScores)),
    writeStatement(
      d1,
      db
        .insert(leaderboardPointScores)
        .select(jsonRows(leaderboardPointScores, all("pointScores"), { summed: "players" })),
    ),
  ]);
  return {
    merged: true,
    rows: perDatabase.reduce((sum, boards) => sum + boards.periods.length + boards.totals.length, 0),
  };
};
