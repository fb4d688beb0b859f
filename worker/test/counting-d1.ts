import { env } from "cloudflare:test";
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
 * The test environment with a database that counts D1 round trips (a query's first/all/run/raw, or one batch),
 * over the database and the sessions the app opens on it.
 */
export const countingEnv = () => {
  const counter: Counter = { calls: 0 };
  return { env: { ...env, DB: wrappedD1(env.DB, (core) => counting(core, counter)) } as Env, counter };
};
