import { auditLedger } from "../features/credits/ledger.audit";
import { log } from "../lib/log";
import type { DataContext } from "../db/data-context";

/**
 * The daily proof that balances still equal the ledger, run on every player database (each player's ledger lives in
 * one); violations land in cron_runs for the admin health view, in total and per database.
 */
export const auditLedgerDaily = async (data: DataContext) => {
  const databases = await Promise.all(
    data.players().map(async ({ name, db }) => {
      const violations = await auditLedger(db);
      if (violations.length > 0)
        log("error", "ledger_audit_violations", {
          shard: name,
          count: violations.length,
          first: violations.slice(0, 5),
        });
      return { shard: name, violations: violations.length, sample: violations.slice(0, 20) };
    }),
  );
  return {
    violations: databases.reduce((sum, database) => sum + database.violations, 0),
    sample: databases.flatMap((database) => database.sample).slice(0, 20),
    shards: databases.map(({ shard, violations }) => ({ shard, violations })),
  };
};
