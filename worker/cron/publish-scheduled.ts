import { and, eq, isNotNull, lte } from "drizzle-orm";
import { createDb } from "../db/client";
import { questions } from "../db/schema";
import { copyQuestions } from "../features/questions/question-copies";
import type { DataContext } from "../db/data-context";

/** Scheduled questions go live by themselves once their publish time has passed, in every player database too. */
export const publishScheduledQuestions = async (data: DataContext, now: number) => {
  const published = await createDb(data.catalogue)
    .update(questions)
    .set({ status: "published", updatedAt: now })
    .where(and(eq(questions.status, "scheduled"), isNotNull(questions.publishAt), lte(questions.publishAt, now)))
    .returning({ id: questions.id });
  await copyQuestions(
    data,
    published.map(({ id }) => id),
  );
  return { published: published.length };
};
