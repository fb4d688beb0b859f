import type { CronJob } from "./cron.types";

/** Scheduled questions go live by themselves once their publish time has passed. */
export const publishScheduledQuestions: CronJob = async (env, now) => {
  const result = await env.DB.prepare(
    "UPDATE questions SET status = 'published', updated_at = ?1 WHERE status = 'scheduled' AND publish_at IS NOT NULL AND publish_at <= ?1",
  )
    .bind(now)
    .run();
  return { published: result.meta.changes };
};
