import { env } from "cloudflare:test";
import { dataContext } from "../db/data-context";
import { playerDb, shardMap } from "../db/shards";
import { copyContests } from "../features/contests/contest-copies";
import { joinContest } from "../features/contests/join-contest.service";
import { newId } from "../lib/ids";

const DAY = 24 * 60 * 60 * 1000;

/** A contest written straight to the catalogue and copied to the shards, running from `startsAt` for `days`. */
export const insertContest = async ({ startsAt = Date.now() - 60_000, days = 3, title = "Test Challenge" } = {}) => {
  const id = newId();
  await env.DB.prepare(
    "INSERT INTO contests (id, title, duration_days, starts_at, ends_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(id, title, days, startsAt, startsAt + days * DAY, Date.now())
    .run();
  await copyContests(dataContext(env), [id]);
  return id;
};

/** Joins through the real service (fee, entry) at `now`. */
export const join = (contestId: string, userId: string, now = Date.now()) =>
  joinContest(playerDb(env, userId), contestId, userId, now);

export const entryOf = (contestId: string, userId: string) =>
  playerDb(env, userId)
    .prepare("SELECT score, final_rank, prize, prize_paid_at FROM contest_entries WHERE contest_id = ? AND user_id = ?")
    .bind(contestId, userId)
    .first<{ score: number; final_rank: number | null; prize: number; prize_paid_at: number | null }>();

/** Contest scores computed from scratch from the picks, for every entry of open contests. */
export const recomputedScores = async () => {
  const perShard = await Promise.all(
    shardMap(env).shards.map(({ db: d1 }) =>
      d1
        .prepare(
          `SELECT e.contest_id, e.user_id, e.score AS stored, (
       SELECT count(*) FROM user_picks p WHERE p.user_id = e.user_id AND p.status = 'won'
         AND p.settled_at >= MAX(e.joined_at, c.starts_at) AND p.settled_at < c.ends_at) AS computed
     FROM contest_entries e JOIN contests c ON c.id = e.contest_id WHERE c.closed_at IS NULL`,
        )
        .all<{ contest_id: string; user_id: string; stored: number; computed: number }>(),
    ),
  );
  return perShard.flatMap(({ results }) => results);
};
