/** What a test wrapper may replace: the queries, on the database and on every session the app opens on it. */
export type D1Core = Pick<D1Database, "prepare" | "batch">;

/**
 * A D1 database whose `prepare` and `batch` go through `wrap`, on the database itself and on each session
 * `withSession` hands out (the app runs every request in one); everything else is the real database's.
 */
export const wrappedD1 = (db: D1Database, wrap: (core: D1Core) => D1Core): D1Database => ({
  ...wrap(db),
  exec: (query) => db.exec(query),
  dump: () => db.dump(),
  withSession: (constraint) => {
    const session = db.withSession(constraint);
    return { ...wrap(session), getBookmark: () => session.getBookmark() };
  },
});
