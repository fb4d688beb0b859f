import { countryFlagUrl } from "#shared/countries";
import { CONTEST_ENDED_VISIBLE_MS, CONTEST_ENTRY_FEE, CONTEST_STANDINGS_SIZE, CONTESTS_LISTED } from "../../config";
import { prizeFor, prizeTable } from "./contest-prizes";
import type { SqlColumns } from "../../db/rows";
import type { contestEntries, contests, users } from "../../db/schema";
import { batchNamed, typed } from "../../db/statement";

export type ContestRow = SqlColumns<
  typeof contests,
  "id" | "title" | "duration_days" | "starts_at" | "ends_at" | "closed_at" | "paid_at" | "created_at"
>;
type StandingRow = SqlColumns<typeof contestEntries, "user_id" | "score"> & SqlColumns<typeof users, "username" | "country">;
type MineRow = SqlColumns<typeof contestEntries, "score" | "joined_at"> & { rank: number };

export const CONTEST_COLUMNS = "c.id, c.title, c.duration_days, c.starts_at, c.ends_at, c.closed_at, c.paid_at, c.created_at";

/** Standings order: score, then the earlier join; after closing the scores no longer move, so this is final. */
export const STANDINGS_SQL = `SELECT e.user_id, u.username, u.country, e.score FROM contest_entries e JOIN users u ON u.id = e.user_id
  WHERE e.contest_id = ? ORDER BY e.score DESC, e.joined_at, e.user_id LIMIT ?`;

export const MY_ENTRY_SQL = `SELECT e.score, e.joined_at, 1
    + (SELECT count(*) FROM contest_entries x WHERE x.contest_id = e.contest_id AND x.score > e.score)
    + (SELECT count(*) FROM contest_entries x WHERE x.contest_id = e.contest_id AND x.score = e.score AND x.joined_at < e.joined_at)
    + (SELECT count(*) FROM contest_entries x WHERE x.contest_id = e.contest_id AND x.score = e.score
         AND x.joined_at = e.joined_at AND x.user_id < e.user_id) AS rank
  FROM contest_entries e WHERE e.contest_id = ? AND e.user_id = ?`;

export const contestStatus = (row: ContestRow, now: number): "upcoming" | "active" | "ended" =>
  now < row.starts_at ? "upcoming" : now < row.ends_at && row.closed_at === null ? "active" : "ended";

const toContest = (row: ContestRow, entrants: number, standings: StandingRow[], mine: MineRow | null, now: number) => ({
  id: row.id,
  title: row.title,
  durationDays: row.duration_days,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  status: contestStatus(row, now),
  paid: row.paid_at !== null,
  entryFee: CONTEST_ENTRY_FEE,
  entrants,
  prizes: prizeTable(entrants),
  standings: standings.map((s, i) => ({
    rank: i + 1,
    userId: s.user_id,
    username: s.username,
    country: s.country,
    countryFlagUrl: countryFlagUrl(s.country),
    score: s.score,
    prize: prizeFor(i + 1, entrants),
  })),
  me: mine ? { rank: mine.rank, score: mine.score, joinedAt: mine.joined_at, prize: prizeFor(mine.rank, entrants) } : null,
});

export type ContestView = ReturnType<typeof toContest>;

/** Each contest with its entrants, top standings and the viewer's own entry, read in one batch. */
export const viewContests = async (d1: D1Database, rows: ContestRow[], viewerId: string | null, now: number) => {
  if (rows.length === 0) return [];
  const { counts, standings, mine } = await batchNamed(d1, {
    counts: rows.map((row) => typed<{ entrants: number }>(d1.prepare("SELECT count(*) AS entrants FROM contest_entries WHERE contest_id = ?").bind(row.id))),
    standings: rows.map((row) => typed<StandingRow>(d1.prepare(STANDINGS_SQL).bind(row.id, CONTEST_STANDINGS_SIZE))),
    mine: rows.map((row) => typed<MineRow>(d1.prepare(MY_ENTRY_SQL).bind(row.id, viewerId))),
  });
  return rows.map((row, i) =>
    toContest(row, counts[i]?.results[0]?.entrants ?? 0, standings[i]?.results ?? [], mine[i]?.results[0] ?? null, now),
  );
};

/** Running and upcoming contests, then those that ended lately ('Challenge Ended'). */
export const readListedContests = async (d1: D1Database, viewerId: string | null, now: number) => {
  const { results } = await d1
    .prepare(
      `SELECT ${CONTEST_COLUMNS} FROM contests c WHERE c.ends_at > ?1
       ORDER BY c.ends_at <= ?2, CASE WHEN c.ends_at <= ?2 THEN -c.ends_at ELSE c.starts_at END, c.id LIMIT ?3`,
    )
    .bind(now - CONTEST_ENDED_VISIBLE_MS, now, CONTESTS_LISTED)
    .all<ContestRow>();
  return viewContests(d1, results, viewerId, now);
};
