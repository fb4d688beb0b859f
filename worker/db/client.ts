import { drizzle } from "drizzle-orm/d1";

const clients = new WeakMap<D1Database, ReturnType<typeof drizzle>>();

/**
 * One query builder per D1 binding. Without a schema: we use no relational queries, and handing drizzle the schema
 * makes it walk every table on each call (0.6 ms, measured, several times a request).
 */
export const createDb = (d1: D1Database) => {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(d1);
    clients.set(d1, db);
  }
  return db;
};

export type Db = ReturnType<typeof createDb>;
