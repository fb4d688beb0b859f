/** A statement that aborts its whole batch unless `conditionSql` is true (see migrations/0002_batch_guard.sql). */
export const assertInBatch = (d1: D1Database, conditionSql: string, ...params: unknown[]) =>
  d1.prepare(`INSERT INTO batch_guard (ok) SELECT NULL WHERE NOT (${conditionSql})`).bind(...params);

/** True for the errors that mean "the batch was rolled back on purpose" (a guard or a unique key). */
export const isBatchRefusal = (error: unknown) =>
  error instanceof Error && /batch_guard\.ok|UNIQUE constraint failed/.test(error.message);
