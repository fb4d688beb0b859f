import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { publicName } from "../../db/public-name";
import { activityFeed, questions, users } from "../../db/schema";

/** Picks and wins with who made them and on which question; callers add the WHERE, order and limit. */
export const activityQuery = (db: Db) =>
  db
    .select({
      id: activityFeed.id,
      kind: activityFeed.kind,
      userId: activityFeed.userId,
      username: publicName(users),
      country: users.country,
      questionId: activityFeed.questionId,
      questionTitle: questions.title,
      choice: activityFeed.choice,
      answerOptionA: questions.answerOptionA,
      answerOptionB: questions.answerOptionB,
      credits: activityFeed.credits,
      createdAt: activityFeed.createdAt,
    })
    .from(activityFeed)
    .innerJoin(users, eq(users.id, activityFeed.userId))
    .innerJoin(questions, eq(questions.id, activityFeed.questionId));
