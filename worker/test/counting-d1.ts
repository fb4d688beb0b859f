import { env } from "cloudflare:test";
import { shardMap, userShard } from "../db/shards";
import { wrappedD1, type D1Core } from "./wrapped-d1";

type Counter = { calls: number };

const QUERY_METHODS = ["first", "all", "run", "raw"] as const;

/** Counts each awaited query of the statement and of every statement its bind() makes; the object stays D1's own. */
const counted = (statement: D1PreparedStatement, counter: Counter): D1PreparedStatement => {
  for (const method of QUERY_METHODS) {
    const query = statement[method].bind(statement) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(statement, { [method]: (...args: unknown[]) => ((counter.calls += 1), query(...args)) });
  }
  const bind = statement.bind.bind(statement);
  statement.bind = (...values: unknown[]) => counted(bind(...values), counter);
  return statement;
};

const counting = (core: D1Core, counter: Counter): D1Core => ({
  prepare: (query) => counted(core.prepare(query), counter),
  batch: (statements) => ((counter.calls += 1), core.batch(statements)),
});

/**
 * The test environment with databases that count D1 round trips (a query's first/all/run/raw, or one batch), over
 * each database and the sessions the app opens on it: `counter` is the catalogue's, `byDatabase` every database's
 * under its binding, the user shards of the map in force included.
 */
export const countingEnv = () => {
  const counter: Counter = { calls: 0 };
  const byDatabase: Record<string, Counter> = { DB: counter };
  const databases: Record<string, D1Database> = { DB: wrappedD1(env.DB, (core) => counting(core, counter)) };
  for (const { binding, db } of shardMap(env).shards) {
    if (binding in databases) continue;
    const shardCounter: Counter = { calls: 0 };
    byDatabase[binding] = shardCounter;
    databases[binding] = wrappedD1(db, (core) => counting(core, shardCounter));
  }
  return { env: { ...env, ...databases } as Env, counter, byDatabase };
};

/** Each database's round trips by its binding, less the session check in the signed-in player's shard. */
export const besidesSessionCheck = (byDatabase: Record<string, Counter>, userId: string) => {
  const trips = Object.fromEntries(Object.entries(byDatabase).map(([binding, { calls }]) => [binding, calls]));
  trips[userShard(env, userId).binding]! -= 1;
  return trips;
};
