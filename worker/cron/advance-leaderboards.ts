import { advanceLeaderboardWindows } from "../features/leaderboard/leaderboard-windows";
import type { CronJob } from "./cron.types";

/** Keeps the 3- and 7-day boards to their windows: an hour drops out within a minute of leaving. */
export const advanceLeaderboards: CronJob = (env, now) => advanceLeaderboardWindows(env.DB, now);
