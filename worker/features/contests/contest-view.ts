import { countryFlagUrl } from "#shared/countries";
import { CONTEST_ENDED_VISIBLE_MS, CONTEST_ENTRY_FEE, CONTEST_STANDINGS_SIZE, CONTESTS_LISTED } from "../../config";
import { prizeFor, prizeTable } from "./contest-prizes";

export type ContestRow = {
  id: string;
  title: string;
  duration_days: number;
  starts_at: number;
  ends_at: number;
  closed_at: number | null;
  paid_at: number | null;
  created_at: number;
};
type StandingRow = { user_id: string; username: string; country: string; score: number };
type MineRow = { score: number; joined_at: number; rank: number };

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
  const statements = rows.flatMap((row) => [
    d1.prepare("SELECT count(*) AS entrants FROM contest_entries WHERE contest_id = ?").bind(row.id),
    d1.prepare(STANDINGS_SQL).bind(row.id, CONTEST_STANDINGS_SIZE),
    d1.prepare(MY_ENTRY_SQL).bind(row.id, viewerId),
  ]);
  const results = await d1.batch<Record<string, unknown>>(statements);
  return rows.map((row, i) => {
    const [count, standings, mine] = results.slice(i * 3, i * 3 + 3);
    const entrants = (count?.results[0] as { entrants: number } | undefined)?.entrants ?? 0;
    return toContest(row, entrants, (standings?.results ?? []) as StandingRow[], (mine?.results[0] as MineRow | undefined) ?? null, now);
  });
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
