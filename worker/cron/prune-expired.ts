import { RATE_LIMIT_WINDOW_MS } from "../config";
import type { CronJob } from "./cron.types";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Short-lived rows (rate-limit windows, spent tokens, replay answers) would otherwise grow forever. */
export const pruneExpiredRows: CronJob = async (env, now) => {
  const results = await env.DB.batch([
    env.DB.prepare("DELETE FROM rate_limits WHERE window_start < ?").bind(now - RATE_LIMIT_WINDOW_MS),
    env.DB.prepare("DELETE FROM auth_tokens WHERE expires_at < ?").bind(now - DAY_MS),
    env.DB.prepare("DELETE FROM idempotent_responses WHERE created_at < ?").bind(now - DAY_MS),
  ]);
  return { deleted: results.reduce((sum, r) => sum + r.meta.changes, 0) };
};
