import { mirrorQuestions } from "../features/questions/question-mirror";
import type { CronJob } from "./cron.types";

/** Scheduled questions go live by themselves once their publish time has passed, on every user shard too. */
export const publishScheduledQuestions: CronJob = async (env, now) => {
  const { results } = await env.DB.prepare(
    "UPDATE questions SET status = 'published', updated_at = ?1 WHERE status = 'scheduled' AND publish_at IS NOT NULL AND publish_at <= ?1 RETURNING id",
  )
    .bind(now)
    .all<{ id: string }>();
  await mirrorQuestions(env, results.map(({ id }) => id));
  return { published: results.length };
};
