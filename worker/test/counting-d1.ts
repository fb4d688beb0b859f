import { env } from "cloudflare:test";

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

const countingDatabase = (db: Pick<D1Database, "prepare" | "batch">, counter: Counter) => ({
  prepare: (query: string) => counted(db.prepare(query), counter),
  batch: <T>(statements: D1PreparedStatement[]) => ((counter.calls += 1), db.batch<T>(statements)),
});

/**
 * The test environment with a database that counts D1 round trips (a query's first/all/run/raw, or one batch),
 * over the database and the sessions the app opens on it.
 */
export const countingEnv = () => {
  const counter: Counter = { calls: 0 };
  const db = env.DB;
  const DB = {
    ...countingDatabase(db, counter),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: string) => {
      const session = db.withSession(constraint);
      return { ...countingDatabase(session, counter), getBookmark: () => session.getBookmark() };
    },
  } as D1Database;
  return { env: { ...env, DB } as Env, counter };
};
