import { and, count, desc, eq, gte, isNotNull, isNull, or, sql } from "drizzle-orm";
import { countryFlagUrl } from "#shared/countries";
import { LEADERBOARD_BUCKET_MS, RANK_NOT_FOUND, RECENT_RESOLVED_PICKS } from "../../config";
import { compiledQuery, type RowOf } from "../../db/compiled";
import { publicName } from "../../db/public-name";
import type { DataContext } from "../../db/data-context";
import { batchNamed } from "../../db/statement";
import { questions, userPicks, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { allTimeRankAmongAll, allTimeRankQueries } from "../leaderboard/leaderboard.service";
import { windowStartHour, type Period } from "../leaderboard/leaderboard.query";
import { picksWithStatus, streakOf, streakQueries, winRateSoFar } from "../picks/pick-stats.service";

const player = sql.placeholder("userId");
/** The period's first moment, or null for all time. */
const from = sql.placeholder("from");
const allTime = sql`${from} IS NULL`;

const RESULTS = { won: "win", lost: "loss", void: "void" } as const;

/** Like the boards, a period counts a settled pick by when it settled and an open pick by when it was placed. */
const since = (period: Period, now: number) =>
  period === "all" ? null : windowStartHour(Number(period), now) * LEADERBOARD_BUCKET_MS;

const profileQuery = compiledQuery((db) =>
  db
    .select({ username: publicName(users), country: users.country, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, player)),
);

const countsQuery = compiledQuery((db) =>
  db
    .select({
      total: count(),
      won: picksWithStatus("won"),
      lost: picksWithStatus("lost"),
      allTime: sql<number>`${db.select({ picks: count() }).from(userPicks).where(eq(userPicks.userId, player))}`.as(
        "all_time",
      ),
    })
    .from(userPicks)
    .where(
      and(
        eq(userPicks.userId, player),
        or(allTime, gte(userPicks.settledAt, from), and(isNull(userPicks.settledAt), gte(userPicks.createdAt, from))),
      ),
    ),
);

/** Settled picks only, so settled_at is set and the status is never active; the question may be gone (a LEFT JOIN). */
const recentQuery = compiledQuery((db) =>
  db
    .select({
      id: userPicks.id,
      questionId: userPicks.questionId,
      settledAt: sql<number>`${userPicks.settledAt}`.as("settled_at"),
      status: sql<keyof typeof RESULTS>`${userPicks.status}`.as("status"),
      choice: userPicks.choice,
      title: questions.title,
      answerOptionA: questions.answerOptionA,
      answerOptionB: questions.answerOptionB,
    })
    .from(userPicks)
    .leftJoin(questions, eq(questions.id, userPicks.questionId))
    .where(
      and(eq(userPicks.userId, player), isNotNull(userPicks.settledAt), or(allTime, gte(userPicks.settledAt, from))),
    )
    .orderBy(desc(userPicks.settledAt))
    .limit(RECENT_RESOLVED_PICKS),
);

const toRecent = (row: RowOf<typeof recentQuery>) => {
  const choiceLabel =
    (row.choice === "yes" ? row.answerOptionA : row.answerOptionB) ?? (row.choice === "yes" ? "Yes" : "No");
  return {
    pickId: row.id,
    questionId: row.questionId,
    date: row.settledAt,
    result: RESULTS[row.status],
    choice: row.choice,
    choiceLabel,
    text: row.title ?? `Pick: ${choiceLabel}`,
  };
};

/** Everything but the rank is the player's, read in one batch in their database; the rank is among every player. */
export const readUserStats = async (data: DataContext, userId: string, period: Period, now: number) => {
  const d1 = data.player(userId);
  const values = { userId, from: since(period, now) };
  const { user, counts, recent, ...reads } = await batchNamed(d1, {
    user: profileQuery(d1, values),
    counts: countsQuery(d1, values),
    recent: recentQuery(d1, values),
    ...streakQueries(d1, userId),
    ...allTimeRankQueries(d1, userId),
  });
  const [profile] = user;
  if (!profile) throw new AppError("not_found", "User not found");
  const count = counts[0]!;
  const [streak, board] = await Promise.all([streakOf(d1, userId, reads), allTimeRankAmongAll(data, reads)]);
  const unranked = count.allTime === 0;
  return {
    userId,
    username: profile.username,
    country: profile.country,
    countryFlagUrl: countryFlagUrl(profile.country),
    period,
    totalPicks: count.total,
    totalWins: count.won,
    winRate: winRateSoFar(count.won, count.lost),
    currentStreak: streak.currentStreak,
    maxStreak: streak.maxStreak,
    unranked,
    rank: unranked ? null : (board.rank ?? RANK_NOT_FOUND),
    totalUsers: board.totalUsers,
    joinedDate: profile.createdAt,
    recentActivity: recent.map(toRecent),
  };
};
