import { createClient, type Client } from "@libsql/client";

export type Violation = { kind: string; userId: string | null; detail: string };
type Statement = { sql: string };
type AuditModule = { auditLedger: (d1: unknown) => Promise<Violation[]> };

/** Just enough of D1 for ledger.audit.ts: prepare() and batch() over the same SQLite file, read with libsql. */
const d1Over = (db: Client) => ({
  prepare: (sql: string): Statement => ({ sql }),
  batch: (statements: Statement[]) => Promise.all(statements.map(async ({ sql }) => ({ results: (await db.execute(sql)).rows }))),
});

/**
 * The worker's own ledger audit (worker/features/credits/ledger.audit.ts, the one the daily cron and admin health
 * run), over the D1 file once workerd has stopped. It is imported by URL so this Node typecheck does not pull in
 * the worker's D1 types; the module itself has no imports.
 */
export const auditD1File = async (d1File: string) => {
  const module = (await import(new URL("../../worker/features/credits/ledger.audit.ts", import.meta.url).href)) as AuditModule;
  const db = createClient({ url: `file:${d1File}` });
  try {
    const violations = await module.auditLedger(d1Over(db));
    const [users, rows] = await Promise.all([db.execute("SELECT count(*) AS n FROM user_credits"), db.execute("SELECT count(*) AS n FROM credit_transactions")]);
    return { violations, accounts: Number(users.rows[0]?.n ?? 0), ledgerRows: Number(rows.rows[0]?.n ?? 0) };
  } finally {
    db.close();
  }
};
