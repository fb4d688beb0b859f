import { createClient, type Client } from "@libsql/client";

export type Violation = { kind: string; userId: string | null; detail: string };
type Statement = { sql: string };
type AuditModule = { auditLedger: (d1: unknown) => Promise<Violation[]> };

/** Just enough of D1 for ledger.audit.ts: prepare() and batch() over the same SQLite file, read with libsql. */
const d1Over = (db: Client) => ({
  prepare: (sql: string): Statement => ({ sql }),
  batch: (statements: Statement[]) =>
    Promise.all(statements.map(async ({ sql }) => ({ results: (await db.execute(sql)).rows }))),
});

/**
 * The worker's own ledger audit (worker/features/credits/ledger.audit.ts, the one the daily cron and admin health
 * run), over one D1 file once workerd has stopped. It is imported by URL so this Node typecheck does not pull in
 * the worker's D1 types; its only import is erased types and one helper with no imports of its own.
 */
export const auditD1File = async (d1File: string) => {
  const module = (await import(
    new URL("../../worker/features/credits/ledger.audit.ts", import.meta.url).href
  )) as AuditModule;
  const db = createClient({ url: `file:${d1File}` });
  try {
    const violations = await module.auditLedger(d1Over(db));
    const [users, rows] = await Promise.all([
      db.execute("SELECT count(*) AS n FROM user_credits"),
      db.execute("SELECT count(*) AS n FROM credit_transactions"),
    ]);
    return { violations, accounts: Number(users.rows[0]?.n ?? 0), ledgerRows: Number(rows.rows[0]?.n ?? 0) };
  } finally {
    db.close();
  }
};

/**
 * The audit over every database that holds players (a ledger never spans two: a player's money moves in one), each
 * violation tagged with its database, and the accounts and ledger rows per database.
 */
export const auditD1Files = async (files: Record<string, string>) => {
  const audits = await Promise.all(
    Object.entries(files).map(async ([binding, file]) => ({ binding, ...(await auditD1File(file)) })),
  );
  return {
    violations: audits.flatMap(({ binding, violations }) =>
      violations.map((v) => ({ ...v, detail: `${binding}: ${v.detail}` })),
    ),
    accounts: audits.reduce((sum, a) => sum + a.accounts, 0),
    ledgerRows: audits.reduce((sum, a) => sum + a.ledgerRows, 0),
    databases: Object.fromEntries(
      audits.map((a) => [
        a.binding,
        { accounts: a.accounts, ledgerRows: a.ledgerRows, violations: a.violations.length },
      ]),
    ),
  };
};
