import { and, count, desc, eq, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { compiledQuery, runQuery } from "../../db/compiled";
import { batchNamed, type NamedResults } from "../../db/statement";
import { questions, userPicks, users } from "../../db/schema";
import { currentStreak } from "./streak";

const STREAK_LOOKBACK = 1000;

const player = sql.placeholder("userId");

/** Won divided by won plus lost, as a percentage with one decimal (0 when nothing is decided). */
export const winRate = (won: number, lost: number) =>
  won + lost === 0 ? 0 : Math.round((won / (won + lost)) * 1000) / 10;

/** A player's own rate: null before any pick is won or lost, since 0% would say they lost them all. */
export const winRateSoFar = (won: number, lost: number) => (won + lost === 0 ? null : winRate(won, lost));

/** How many of the picks read have the status, under the status's name (three such sums would share one text). */
export const picksWithStatus = (status: "won" | "lost" | "void" | "active") =>
  sql<number>`COALESCE(SUM(${userPicks.status} = ${status}), 0)`.as(status);

const pickStatsQuery = compiledQuery((db) =>
  db
    .select({
      total: count(),
      spent: sql<number>`COALESCE(SUM(${userPicks.creditsSpent}), 0)`,
      earned: sql<number>`COALESCE(SUM(${userPicks.actualPayout}), 0)`,
      won: picksWithStatus("won"),
      lost: picksWithStatus("lost"),
      active: picksWithStatus("active"),
    })
    .from(userPicks)
    .where(eq(userPicks.userId, player)),
);

export const readPickStats = async (d1: D1Database, userId: string) => {
  const [row] = await runQuery(pickStatsQuery(d1, { userId }));
  return {
    totalPicks: row?.total ?? 0,
    totalSpent: row?.spent ?? 0,
    totalEarned: row?.earned ?? 0,
    netProfit: (row?.earned ?? 0) - (row?.spent ?? 0),
    winRate: winRateSoFar(row?.won ?? 0, row?.lost ?? 0),
    activePicks: row?.active ?? 0,
  };
};

/** The order: newest resolved first by the question's update time, then its deadline, then the pick's time. */
const resolvedPicksQuery = compiledQuery((db) =>
  db
    .select({ choice: userPicks.choice, outcome: questions.outcome })
    .from(userPicks)
    .innerJoin(questions, eq(questions.id, userPicks.questionId))
    .where(and(eq(userPicks.userId, player), sql`${questions.outcome} <> 'unresolved'`))
    .orderBy(desc(questions.updatedAt), desc(questions.deadline), desc(userPicks.createdAt))
    .limit(STREAK_LOOKBACK),
);

const maxStreakQuery = compiledQuery((db) =>
  db.select({ maxStreak: users.maxStreak }).from(users).where(eq(users.id, player)),
);

/** The reads a streak needs, for a batch: read back with streakOf. */
export const streakQueries = (d1: D1Database, userId: string) => ({
  streakPicks: resolvedPicksQuery(d1, { userId }),
  streakUser: maxStreakQuery(d1, { userId }),
});

export type StreakReads = NamedResults<ReturnType<typeof streakQueries>>;

/** The streak from streakQueries' rows; a streak past the stored maximum is stored (rare: one more write). */
export const streakOf = async (d1: D1Database, userId: string, { streakPicks, streakUser }: StreakReads) => {
  const streak = currentStreak(streakPicks);
  const stored = streakUser[0]?.maxStreak ?? 0;
  // Rare (settlement raises the maximum as it settles), so built when it runs rather than compiled ahead.
  if (streak > stored) {
    await createDb(d1)
      .update(users)
      .set({ maxStreak: sql`MAX(${users.maxStreak}, ${streak})` })
      .where(eq(users.id, userId));
  }
  return { currentStreak: streak, maxStreak: Math.max(streak, stored) };
};

export const readStreak = async (d1: D1Database, userId: string) =>
  streakOf(d1, userId, await batchNamed(d1, streakQueries(d1, userId)));
