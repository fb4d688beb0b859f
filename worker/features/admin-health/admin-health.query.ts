import { and, count, eq, gt, lt, max, min, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { boundQuery } from "../../db/compiled";
import { createDb } from "../../db/client";
import { cronRuns, emailDeliveries, giftCardRedemptions, pushDeliveries, questions, userPicks } from "../../db/schema";

const failed = alias(cronRuns, "failed");
const newest = alias(cronRuns, "newest");
const unsettled = alias(questions, "unsettled");

/** Each job's latest run, with its last failure and how many runs failed since `failuresSince`. */
export const cronSummary = (d1: D1Database, failuresSince: number) => {
  const db = createDb(d1);
  const failures = and(eq(failed.job, cronRuns.job), eq(failed.ok, false));
  return boundQuery(
    d1,
    db
      .select({
        job: cronRuns.job,
        lastRunAt: cronRuns.startedAt,
        lastOk: cronRuns.ok,
        detail: cronRuns.detail,
        lastFailureAt: sql<number | null>`${db
          .select({ at: max(failed.startedAt) })
          .from(failed)
          .where(failures)}`.as("last_failure_at"),
        failuresLastDay: sql<number>`${db
          .select({ n: count() })
          .from(failed)
          .where(and(failures, gt(failed.startedAt, failuresSince)))}`.as("failures"),
      })
      .from(cronRuns)
      .where(
        eq(
          cronRuns.startedAt,
          db
            .select({ at: max(newest.startedAt) })
            .from(newest)
            .where(eq(newest.job, cronRuns.job)),
        ),
      )
      .orderBy(cronRuns.job),
  );
};

/**
 * Questions whose outcome changed and are not yet settled at their latest version, the picks still to settle, and
 * when the longest waiting of them changed (an outcome change sets updated_at; the settlement cron goes oldest first).
 */
export const settlementQueue = (d1: D1Database) => {
  const db = createDb(d1);
  const picks = db
    .select({ n: count() })
    .from(userPicks)
    .innerJoin(unsettled, eq(unsettled.id, userPicks.questionId))
    .where(
      and(
        ne(unsettled.settledVersion, unsettled.settlementVersion),
        lt(userPicks.settledVersion, unsettled.settlementVersion),
      ),
    );
  return boundQuery(
    d1,
    db
      .select({
        questions: count(),
        picks: sql<number>`${picks}`.as("picks"),
        oldestChangeAt: min(questions.updatedAt),
      })
      .from(questions)
      .where(ne(questions.settledVersion, questions.settlementVersion)),
  );
};

export const pendingRedemptions = (d1: D1Database) =>
  boundQuery(
    d1,
    createDb(d1)
      .select({ pending: count() })
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.status, "pending")),
  );

/** How many emails or push notices wait in a player database, how many of them failed before, and since when. */
const backlogOf = (d1: D1Database, table: typeof emailDeliveries | typeof pushDeliveries) =>
  boundQuery(
    d1,
    createDb(d1)
      .select({
        waiting: count(),
        retrying: sql<number>`COALESCE(SUM(${table.attempts} > 0), 0)`.mapWith(Number).as("retrying"),
        oldestSince: min(table.createdAt),
      })
      .from(table),
  );

export const emailBacklog = (d1: D1Database) => backlogOf(d1, emailDeliveries);
export const pushBacklog = (d1: D1Database) => backlogOf(d1, pushDeliveries);
