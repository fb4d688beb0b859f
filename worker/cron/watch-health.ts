import { readSettings } from "../env";
import { watchHealth as watch } from "../features/admin-health/health-alerts";
import type { CronJob } from "./cron.types";

/** Tells the operator when an alert of the health page begins and when it ends. */
export const watchHealth: CronJob = (data, now, env) => watch(data, readSettings(env), now);
