import { and, asc, count, desc, eq, getTableColumns, gt, lt, lte, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { countryFlagUrl } from "#shared/countries";
import { CONTEST_ENDED_VISIBLE_MS, CONTEST_ENTRY_FEE, CONTEST_STANDINGS_SIZE, CONTESTS_LISTED } from "../../config";
import { createDb, type Db } from "../../db/client";
import { compiledQuery, type RowOf } from "../../db/compiled";
import { publicName } from "../../db/public-name";
import type { DataContext } from "../../db/data-context";
import { contestEntries, contests, users } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { prizeFor, prizeTable } from "./contest-prizes";

export type ContestRow = typeof contests.$inferSelect;

const ahead = alias(contestEntries, "ahead");

const entrantsQuery = compiledQuery((db) =>
  db
    .select({ entrants: count() })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, sql.placeholder("contestId"))),
);

/**
 * Standings order: score, then the earlier join; after closing the scores no longer move, so this is final. The join
 * time orders entries merged from several databases.
 */
const standingsPage = compiledQuery((db) =>
  db
    .select({
      userId: contestEntries.userId,
      username: publicName(users),
      country: users.country,
      score: contestEntries.score,
      joinedAt: contestEntries.joinedAt,
    })
    .from(contestEntries)
    .innerJoin(users, eq(users.id, contestEntries.userId))
    .where(eq(contestEntries.contestId, sql.placeholder("contestId")))
    .orderBy(desc(contestEntries.score), asc(contestEntries.joinedAt), asc(contestEntries.userId))
    .limit(sql.placeholder("limit")),
);

type Place = Record<"score" | "joinedAt" | "userId", SQLiteColumn | Placeholder>;

/** The entries of a contest ahead of a place in standings order, counted by three index ranges, not one OR. */
const entriesAhead = (db: Db, contestId: SQLiteColumn, place: Place) => {
  const countAhead = (...conditions: SQL[]) =>
    db
      .select({ n: count() })
      .from(ahead)
      .where(and(eq(ahead.contestId, contestId), ...conditions));
  const sameScore = eq(ahead.score, place.score);
  return sql<number>`${countAhead(gt(ahead.score, place.score))} + ${countAhead(sameScore, lt(ahead.joinedAt, place.joinedAt))} + ${countAhead(sameScore, eq(ahead.joinedAt, place.joinedAt), lt(ahead.userId, place.userId))}`;
};

/** The viewer's entry and place among the entries of the same database. */
const myEntry = compiledQuery((db) =>
  db
    .select({
      score: contestEntries.score,
      joinedAt: contestEntries.joinedAt,
      rank: sql<number>`1 + ${entriesAhead(db, contestEntries.contestId, contestEntries)}`.as("rank"),
    })
    .from(contestEntries)
    .where(
      and(
        eq(contestEntries.contestId, sql.placeholder("contestId")),
        eq(contestEntries.userId, sql.placeholder("userId")),
      ),
    ),
);

/**
 * How many entries a database holds ahead of the viewer's entry, which is in another database: one row, counted
 * beside the database's copy of the contest.
 */
const entriesAheadQuery = compiledQuery((db) =>
  db
    .select({
      n: entriesAhead(db, contests.id, {
        score: sql.placeholder("score"),
        joinedAt: sql.placeholder("joinedAt"),
        userId: sql.placeholder("userId"),
      }),
    })
    .from(contests)
    .where(eq(contests.id, sql.placeholder("contestId"))),
);

export const standingsQuery = (d1: D1Database, contestId: string, limit: number) =>
  standingsPage(d1, { contestId, limit });

export const myEntryQuery = (d1: D1Database, contestId: string, userId: string | null) =>
  myEntry(d1, { contestId, userId });

export const contestStatus = (
  row: Pick<ContestRow, "startsAt" | "endsAt" | "closedAt">,
  now: number,
): "upcoming" | "active" | "ended" =>
  now < row.startsAt ? "upcoming" : now < row.endsAt && row.closedAt === null ? "active" : "ended";

export type Standing = RowOf<typeof standingsPage>;

type Placed = { userId: string; score: number; joinedAt: number };

/** Standings order in JavaScript, for entries read from several databases and merged: as standingsPage sorts each. */
export const standingsOrder = (a: Placed, b: Placed) =>
  b.score - a.score || a.joinedAt - b.joinedAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

export type OwnEntry = RowOf<typeof myEntry>;

const toContest = (row: ContestRow, entrants: number, standings: Standing[], mine: OwnEntry | null, now: number) => ({
  id: row.id,
  title: row.title,
  durationDays: row.durationDays,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  status: contestStatus(row, now),
  paid: row.paidAt !== null,
  entryFee: CONTEST_ENTRY_FEE,
  entrants,
  prizes: prizeTable(entrants),
  standings: standings.map(({ joinedAt: _joinedAt, ...s }, i) => ({
    rank: i + 1,
    ...s,
    countryFlagUrl: countryFlagUrl(s.country),
    prize: prizeFor(i + 1, entrants),
  })),
  me: mine ? { ...mine, prize: prizeFor(mine.rank, entrants) } : null,
});

export type ContestView = ReturnType<typeof toContest>;

/**
 * The viewer's entries ranked among every database's: each one's own database ranks it among the entries there, and
 * each other database counts those ahead of it (none with one database).
 */
const rankEverywhere = async (
  data: DataContext,
  rows: ContestRow[],
  home: D1Database,
  viewerId: string,
  own: (OwnEntry | null)[],
) => {
  const entered = rows.flatMap((row, i) => {
    const entry = own[i];
    return entry ? [{ contestId: row.id, entry }] : [];
  });
  const others = data.players().filter(({ db }) => db !== home);
  if (entered.length === 0 || others.length === 0) return own;
  const elsewhere = await Promise.all(
    others.map(({ db }) =>
      batchNamed(db, {
        ahead: entered.map(({ contestId, entry }) =>
          entriesAheadQuery(db, { contestId, score: entry.score, joinedAt: entry.joinedAt, userId: viewerId }),
        ),
      }),
    ),
  );
  return own.map((entry, i) => {
    if (!entry) return null;
    const position = entered.findIndex(({ contestId }) => contestId === rows[i]!.id);
    const aheadElsewhere = elsewhere.reduce((sum, { ahead }) => sum + (ahead[position]?.[0]?.n ?? 0), 0);
    return { ...entry, rank: entry.rank + aheadElsewhere };
  });
};

/**
 * Each contest with its entrants, top standings and the viewer's own entry. Entries live with their players, so every
 * player database is read at once (with one database, one batch): entrants summed, each one's best entries merged
 * into the top standings, and the viewer's place counted among them all.
 */
export const viewContests = async (data: DataContext, rows: ContestRow[], viewerId: string | null, now: number) => {
  if (rows.length === 0) return [];
  const home = viewerId ? data.player(viewerId) : null;
  const databases = data.players();
  const perDatabase = await Promise.all(
    databases.map(({ db }) =>
      batchNamed(db, {
        counts: rows.map((row) => entrantsQuery(db, { contestId: row.id })),
        standings: rows.map((row) => standingsQuery(db, row.id, CONTEST_STANDINGS_SIZE)),
        mine: db === home ? rows.map((row) => myEntryQuery(db, row.id, viewerId)) : [],
      }),
    ),
  );
  const homeReads = perDatabase[databases.findIndex(({ db }) => db === home)];
  const own = rows.map((_row, i) => homeReads?.mine[i]?.[0] ?? null);
  const mine = home && viewerId ? await rankEverywhere(data, rows, home, viewerId, own) : own;
  return rows.map((row, i) => {
    const entrants = perDatabase.reduce((sum, { counts }) => sum + (counts[i]?.[0]?.entrants ?? 0), 0);
    const standings = perDatabase
      .flatMap(({ standings }) => standings[i] ?? [])
      .sort(standingsOrder)
      .slice(0, CONTEST_STANDINGS_SIZE);
    return toContest(row, entrants, standings, mine[i] ?? null, now);
  });
};

export const readContest = async (d1: D1Database, id: string) =>
  (await createDb(d1).select().from(contests).where(eq(contests.id, id)))[0] ?? null;

/** Running and upcoming contests, then those that ended lately ('Challenge Ended'). */
export const readListedContests = async (data: DataContext, viewerId: string | null, now: number) => {
  const ended = lte(contests.endsAt, now);
  const rows = await createDb(data.catalogue)
    .select(getTableColumns(contests))
    .from(contests)
    .where(gt(contests.endsAt, now - CONTEST_ENDED_VISIBLE_MS))
    .orderBy(ended, sql`CASE WHEN ${ended} THEN -${contests.endsAt} ELSE ${contests.startsAt} END`, contests.id)
    .limit(CONTESTS_LISTED);
  return viewContests(data, rows, viewerId, now);
};
