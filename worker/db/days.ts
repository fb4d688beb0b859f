import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * A window of whole calendar days ending today, where the clock reads `offsetMinutes` behind UTC (the browser's
 * getTimezoneOffset(); 0 for UTC): the first day's start in epoch ms and every day's date, oldest first.
 */
export const dayWindow = (now: number, count: number, offsetMinutes = 0) => {
  const shift = offsetMinutes * MINUTE_MS;
  const todayStart = Math.floor((now - shift) / DAY_MS) * DAY_MS;
  const firstStart = todayStart - (count - 1) * DAY_MS;
  const days = Array.from({ length: count }, (_, i) => new Date(firstStart + i * DAY_MS).toISOString().slice(0, 10));
  return { since: firstStart + shift, days };
};

/** The calendar day (YYYY-MM-DD) of an epoch-ms column where the clock reads `offsetMinutes` behind UTC. */
export const dayOf = (column: SQLiteColumn | SQL, offsetMinutes: number | SQL | Placeholder = 0) =>
  sql<string>`strftime('%Y-%m-%d', (${column} - ${offsetMinutes} * ${MINUTE_MS}) / 1000, 'unixepoch')`;
