import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Delivery } from "../../realtime/live-hubs";
import { publishToUsers } from "../../realtime/live-hubs";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { questions, streakEvents, users } from "../../db/schema";
import { readSettings } from "../../env";
import { queueEmail } from "../emails/email-deliveries";
import { requestEmailSends } from "../emails/email-sends";
import { streakCorrectionEmail } from "./streak-emails";

/** D1 allows 100 bound parameters a statement. */
const USERS_PER_QUERY = 90;

const corrections = (d1: D1Database, questionId: string, userIds: string[]) =>
  createDb(d1)
    .select({
      userId: streakEvents.userId,
      email: users.email,
      username: users.username,
      questionTitle: questions.title,
      fromOutcome: streakEvents.fromOutcome,
      toOutcome: streakEvents.toOutcome,
      reason: streakEvents.reason,
      streakBefore: streakEvents.streakBefore,
      streakAfter: sql<number>`${streakEvents.streakAfter}`.mapWith(Number),
    })
    .from(streakEvents)
    .innerJoin(users, eq(users.id, streakEvents.userId))
    .leftJoin(questions, eq(questions.id, streakEvents.questionId))
    .where(
      and(
        eq(streakEvents.questionId, questionId),
        eq(streakEvents.settlementVersion, sql`(SELECT settlement_version FROM questions WHERE id = ${questionId})`),
        ne(streakEvents.previousResult, "active"),
        inArray(streakEvents.userId, userIds),
        sql`${users.deletedAt} IS NULL`,
      ),
    );

/**
 * Every correction is explained on the player's open screens with its reason, whether it raised, lowered or kept
 * their streak (the number may not move while the pick's result did); only one that lowered it is worth an email.
 * Called with the players a settlement pass settled, so each hears of each version once.
 */
export const notifyStreakCorrections = async (data: DataContext, env: Env, questionId: string, userIds: string[]) => {
  const settings = readSettings(env);
  const groups = [...data.groupPlayers(new Set(userIds))].flatMap(([{ db }, ids]) =>
    Array.from({ length: Math.ceil(ids.length / USERS_PER_QUERY) }, (_, i) => ({
      db,
      ids: ids.slice(i * USERS_PER_QUERY, (i + 1) * USERS_PER_QUERY),
    })),
  );
  for (const { db, ids } of groups) {
    const rows = await corrections(db, questionId, ids);
    if (rows.length === 0) continue;
    const deliveries = rows.map((row): Delivery => ({
      userId: row.userId,
      messages: [
        {
          type: "streak",
          data: {
            questionId,
            questionTitle: row.questionTitle,
            reason: row.reason,
            streakBefore: row.streakBefore,
            streakAfter: row.streakAfter,
          },
        },
      ],
    }));
    await publishToUsers(env, deliveries);
    const lowered = rows.filter((row) => row.streakAfter < row.streakBefore);
    if (lowered.length === 0) continue;
    const now = Date.now();
    const emails = await Promise.all(lowered.map((row) => streakCorrectionEmail(row, settings.APP_URL)));
    await db.batch(lowered.map((row, i) => queueEmail(db, row.userId, emails[i]!, now)));
    await requestEmailSends(data, data.groupPlayers(lowered.map((row) => row.userId)).keys());
  }
};
