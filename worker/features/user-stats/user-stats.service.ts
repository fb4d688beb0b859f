import { countryFlagUrl } from "#shared/countries";
import { LEADERBOARD_BUCKET_MS, RANK_NOT_FOUND, RECENT_RESOLVED_PICKS } from "../../config";
import type { SqlColumns } from "../../db/rows";
import type { questions, userPicks, users } from "../../db/schema";
import { batchNamed, typed } from "../../db/statement";
import { AppError } from "../../lib/errors";
import { allTimeRankOf, allTimeRankStatements, type Period } from "../leaderboard/leaderboard.service";
import { windowStartHour } from "../leaderboard/leaderboard.query";
import { streakOf, streakStatements, winRate } from "../picks/pick-stats.service";

type UserRow = SqlColumns<typeof users, "id" | "username" | "country" | "created_at">;
type CountsRow = { total: number; won: number | null; lost: number | null; all_time: number };
/** Settled picks only (settled_at set, never active); the question may be gone (a LEFT JOIN). */
type RecentRow = SqlColumns<typeof userPicks, "id" | "question_id" | "choice"> & {
  settled_at: number;
  status: Exclude<SqlColumns<typeof userPicks, "status">["status"], "active">;
} & { [K in keyof SqlColumns<typeof questions, "title" | "answer_option_a" | "answer_option_b">]: string | null };

const RESULTS = { won: "win", lost: "loss", void: "void" } as const;

/** Like the boards, a period counts a settled pick by when it settled and an open pick by when it was placed. */
const since = (period: Period, now: number) => (period === "all" ? null : windowStartHour(Number(period), now) * LEADERBOARD_BUCKET_MS);

const toRecent = (row: RecentRow) => {
  const choiceLabel = (row.choice === "yes" ? row.answer_option_a : row.answer_option_b) ?? (row.choice === "yes" ? "Yes" : "No");
  return {
    pickId: row.id,
    questionId: row.question_id,
    date: row.settled_at,
    result: RESULTS[row.status],
    choice: row.choice,
    choiceLabel,
    text: row.title ?? `Pick: ${choiceLabel}`,
  };
};

export const readUserStats = async (d1: D1Database, userId: string, period: Period, now: number) => {
  const from = since(period, now);
  const { user, counts, recent, ...reads } = await batchNamed(d1, {
    user: typed<UserRow>(d1.prepare("SELECT id, username, country, created_at FROM users WHERE id = ?").bind(userId)),
    counts: typed<CountsRow>(
      d1.prepare(
          `SELECT count(*) AS total, SUM(status = 'won') AS won, SUM(status = 'lost') AS lost,
             (SELECT count(*) FROM user_picks WHERE user_id = ?1) AS all_time
           FROM user_picks WHERE user_id = ?1 AND (?2 IS NULL OR settled_at >= ?2 OR (settled_at IS NULL AND created_at >= ?2))`,
      ).bind(userId, from),
    ),
    recent: typed<RecentRow>(
      d1.prepare(
          `SELECT p.id, p.question_id, p.settled_at, p.status, p.choice, q.title, q.answer_option_a, q.answer_option_b
           FROM user_picks p LEFT JOIN questions q ON q.id = p.question_id
           WHERE p.user_id = ?1 AND p.settled_at IS NOT NULL AND (?2 IS NULL OR p.settled_at >= ?2)
           ORDER BY p.settled_at DESC LIMIT ?3`,
      ).bind(userId, from, RECENT_RESOLVED_PICKS),
    ),
    ...streakStatements(d1, userId),
    ...allTimeRankStatements(d1, userId),
  });
  const profile = user.results[0];
  if (!profile) throw new AppError("not_found", "User not found");
  const count = counts.results[0]!;
  const streak = await streakOf(d1, userId, reads);
  const board = allTimeRankOf(reads);
  const unranked = count.all_time === 0;
  return {
    userId,
    username: profile.username,
    country: profile.country,
    countryFlagUrl: countryFlagUrl(profile.country),
    period,
    totalPicks: count.total,
    totalWins: count.won ?? 0,
    winRate: winRate(count.won ?? 0, count.lost ?? 0),
    currentStreak: streak.currentStreak,
    maxStreak: streak.maxStreak,
    unranked,
    rank: unranked ? null : (board.rank ?? RANK_NOT_FOUND),
    totalUsers: board.totalUsers,
    joinedDate: profile.created_at,
    recentActivity: recent.results.map(toRecent),
  };
};
