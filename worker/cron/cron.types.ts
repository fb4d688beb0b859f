import type { DataContext } from "../db/data-context";

/** A job gets the run's data context; `env` for what else it needs (settings, queues, the live hubs). */
export type CronJob = (data: DataContext, now: number, env: Env) => Promise<Record<string, unknown>>;
