export type CronJob = (env: Env, now: number) => Promise<Record<string, unknown>>;
