import { and, asc, count, desc, eq, getTableColumns, gt, lt, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { countryFlagUrl } from "#shared/countries";
import { CONTEST_ENDED_VISIBLE_MS, CONTEST_ENTRY_FEE, CONTEST_STANDINGS_SIZE, CONTESTS_LISTED } from "../../config";
import { createDb } from "../../db/client";
import { compiledQuery, type RowOf } from "../../db/compiled";
import { contestEntries, contests, users } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { prizeFor, prizeTable } from "./contest-prizes";
import { shardMap } from "../../db/shards";
import { viewContestsAcrossShards } from "./contest-view-shards";

export type ContestRow = typeof contests.$inferSelect;

const ahead = alias(contestEntries, "ahead");
const sameContest = eq(ahead.contestId, contestEntries.contestId);

const entrantsQuery = compiledQuery((db) => db.select({ entrants: count() }).from(contestEntries).where(eq(contestEntries.contestId, sql.placeholder("contestId"))));

/** Standings order: score, then the earlier join; after closing the scores no longer move, so this is final. */
const standingsPage = compiledQuery((db) =>
  db
    .select({ userId: contestEntries.userId, username: users.username, country: users.country, score: contestEntries.score })
    .from(contestEntries)
    .innerJoin(users, eq(users.id, contestEntries.userId))
    .where(eq(contestEntries.contestId, sql.placeholder("contestId")))
    .orderBy(desc(contestEntries.score), asc(contestEntries.joinedAt), asc(contestEntries.userId))
    .limit(sql.placeholder("limit")),
);

/** The viewer's entry and place: the entries ahead in standings order, counted by three index ranges, not one OR. */
const myEntry = compiledQuery((db) => {
  const countAhead = (condition: ReturnType<typeof and>) => db.select({ n: count() }).from(ahead).where(and(sameContest, condition));
  const sameScore = eq(ahead.score, contestEntries.score);
  const sameJoin = eq(ahead.joinedAt, contestEntries.joinedAt);
  return db
    .select({
      score: contestEntries.score,
      joinedAt: contestEntries.joinedAt,
      rank: sql<number>`1 + ${countAhead(gt(ahead.score, contestEntries.score))} + ${countAhead(and(sameScore, lt(ahead.joinedAt, contestEntries.joinedAt)))} + ${countAhead(and(sameScore, sameJoin, lt(ahead.userId, contestEntries.userId)))}`.as("rank"),
    })
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, sql.placeholder("contestId")), eq(contestEntries.userId, sql.placeholder("userId"))));
});

export const standingsQuery = (d1: D1Database, contestId: string, limit: number) => standingsPage(d1, { contestId, limit });

export const myEntryQuery = (d1: D1Database, contestId: string, userId: string | null) => myEntry(d1, { contestId, userId });

export const contestStatus = (row: Pick<ContestRow, "startsAt" | "endsAt" | "closedAt">, now: number): "upcoming" | "active" | "ended" =>
  now < row.startsAt ? "upcoming" : now < row.endsAt && row.closedAt === null ? "active" : "ended";

export type Standing = RowOf<typeof standingsPage>;

type Placed = { userId: string; score: number; joinedAt: number };

/** Standings order in JavaScript, for entries read from several shards and merged: as standingsPage sorts each. */
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
  standings: standings.map((s, i) => ({ rank: i + 1, ...s, countryFlagUrl: countryFlagUrl(s.country), prize: prizeFor(i + 1, entrants) })),
  me: mine ? { ...mine, prize: prizeFor(mine.rank, entrants) } : null,
});

export type ContestView = ReturnType<typeof toContest>;

/**
 * Each contest with its entrants, top standings and the viewer's own entry: one batch where the players are in the
 * catalogue, otherwise each shard's part merged (contest-view-shards.ts).
 */
export const viewContests = async (env: Env, rows: ContestRow[], viewerId: string | null, now: number) => {
  if (rows.length === 0) return [];
  if (!shardMap(env).sharesCatalogue) return viewContestsAcrossShards(env, rows, viewerId, now, toContest);
  const d1 = env.DB;
  const { counts, standings, mine } = await batchNamed(d1, {
    counts: rows.map((row) => entrantsQuery(d1, { contestId: row.id })),
    standings: rows.map((row) => standingsQuery(d1, row.id, CONTEST_STANDINGS_SIZE)),
    mine: rows.map((row) => myEntryQuery(d1, row.id, viewerId)),
  });
  return rows.map((row, i) => toContest(row, counts[i]?.[0]?.entrants ?? 0, standings[i] ?? [], mine[i]?.[0] ?? null, now));
};

export const readContest = async (d1: D1Database, id: string) => (await createDb(d1).select().from(contests).where(eq(contests.id, id)))[0] ?? null;

/** Running and upcoming contests, then those that ended lately ('Challenge Ended'). */
export const readListedContests = async (env: Env, viewerId: string | null, now: number) => {
  const ended = lte(contests.endsAt, now);
  const rows = await createDb(env.DB)
    .select(getTableColumns(contests))
    .from(contests)
    .where(gt(contests.endsAt, now - CONTEST_ENDED_VISIBLE_MS))
    .orderBy(ended, sql`CASE WHEN ${ended} THEN -${contests.endsAt} ELSE ${contests.startsAt} END`, contests.id)
    .limit(CONTESTS_LISTED);
  return viewContests(env, rows, viewerId, now);
};
