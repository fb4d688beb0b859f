import { RATE_LIMIT_WINDOW_MS } from "../config";
import { shardMap } from "../db/shards";
import type { CronJob } from "./cron.types";

const DAY_MS = 24 * 60 * 60 * 1000;

const playerRows = (d1: D1Database, now: number) => [
  d1.prepare("DELETE FROM auth_tokens WHERE expires_at < ?").bind(now - DAY_MS),
  d1.prepare("DELETE FROM idempotent_responses WHERE created_at < ?").bind(now - DAY_MS),
];

/**
 * Short-lived rows (rate-limit windows in the catalogue, spent tokens and replay answers in each player's shard)
 * would otherwise grow forever.
 */
export const pruneExpiredRows: CronJob = async (env, now) => {
  const shards = shardMap(env).shards.filter(({ db }) => db !== env.DB);
  const results = await Promise.all([
    env.DB.batch([env.DB.prepare("DELETE FROM rate_limits WHERE window_start < ?").bind(now - RATE_LIMIT_WINDOW_MS), ...playerRows(env.DB, now)]),
    ...shards.map(({ db }) => db.batch(playerRows(db, now))),
  ]);
  return { deleted: results.flat().reduce((sum, r) => sum + r.meta.changes, 0) };
};
