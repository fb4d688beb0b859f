import type { SqlColumns } from "../../db/rows";
import type { users } from "../../db/schema";
import { batchNamed, typed, type NamedResults } from "../../db/statement";
import { currentStreak, type ResolvedPick } from "./streak";

const STREAK_LOOKBACK = 1000;

/** Won divided by won plus lost, as a percentage with one decimal (0 when nothing is decided). */
export const winRate = (won: number, lost: number) => (won + lost === 0 ? 0 : Math.round((won / (won + lost)) * 1000) / 10);

export const readPickStats = async (d1: D1Database, userId: string) => {
  const row = await d1
    .prepare(
      `SELECT count(*) AS total, COALESCE(SUM(credits_spent), 0) AS spent, COALESCE(SUM(actual_payout), 0) AS earned,
         COALESCE(SUM(status = 'won'), 0) AS won, COALESCE(SUM(status = 'lost'), 0) AS lost,
         COALESCE(SUM(status = 'active'), 0) AS active
       FROM user_picks WHERE user_id = ?`,
    )
    .bind(userId)
    .first<{ total: number; spent: number; earned: number; won: number; lost: number; active: number }>();
  return {
    totalPicks: row?.total ?? 0,
    totalSpent: row?.spent ?? 0,
    totalEarned: row?.earned ?? 0,
    netProfit: (row?.earned ?? 0) - (row?.spent ?? 0),
    winRate: winRate(row?.won ?? 0, row?.lost ?? 0),
    activePicks: row?.active ?? 0,
  };
};

/** The order: newest resolved first by the question's update time, then its deadline, then the pick's time. */
export const streakStatements = (d1: D1Database, userId: string) => ({
  streakPicks: typed<ResolvedPick>(
    d1
      .prepare(
        `SELECT p.choice, q.outcome FROM user_picks p JOIN questions q ON q.id = p.question_id
         WHERE p.user_id = ? AND q.outcome <> 'unresolved'
         ORDER BY q.updated_at DESC, q.deadline DESC, p.created_at DESC LIMIT ?`,
      )
      .bind(userId, STREAK_LOOKBACK),
  ),
  streakUser: typed<SqlColumns<typeof users, "max_streak">>(d1.prepare("SELECT max_streak FROM users WHERE id = ?").bind(userId)),
});

export type StreakReads = NamedResults<ReturnType<typeof streakStatements>>;

/** The streak from streakStatements' results; a streak past the stored maximum is stored (rare: one more write). */
export const streakOf = async (d1: D1Database, userId: string, { streakPicks, streakUser }: StreakReads) => {
  const streak = currentStreak(streakPicks.results);
  const storedMax = streakUser.results[0]?.max_streak ?? 0;
  if (streak > storedMax) {
    await d1.prepare("UPDATE users SET max_streak = MAX(max_streak, ?) WHERE id = ?").bind(streak, userId).run();
  }
  return { currentStreak: streak, maxStreak: Math.max(streak, storedMax) };
};

export const readStreak = async (d1: D1Database, userId: string) => streakOf(d1, userId, await batchNamed(d1, streakStatements(d1, userId)));
