import type { Http } from "./http";
import type { Metrics } from "./metrics";

/** What happened, as the players and the admin saw it succeed (the route table counts the attempts). */
export type Activity = Record<string, number>;

export type SoakContext = {
  baseUrl: string;
  /** Runs a cron's handler; resolves to workerd's outcome (scripts/lib/workerd.ts). */
  scheduled: (cron: string) => Promise<string>;
  http: Http;
  metrics: Metrics;
  activity: Activity;
  /** Traffic stops at this time; every loop finishes its current action and returns. */
  stopAt: number;
  log: (message: string) => void;
};

export const count = (activity: Activity, name: string, n = 1) => {
  activity[name] = (activity[name] ?? 0) + n;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

export const pickOne = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/** The first entry whose cumulative weight passes a uniform draw. */
export const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = Math.random() * total;
  for (const [value, weight] of entries) {
    draw -= weight;
    if (draw < 0) return value;
  }
  return entries[entries.length - 1]![0];
};
