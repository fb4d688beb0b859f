import { auditLedger } from "../features/credits/ledger.audit";
import { shardMap } from "../db/shards";
import { log } from "../lib/log";
import type { CronJob } from "./cron.types";

/**
 * The daily proof that balances still equal the ledger, run on every user shard (each player's ledger lives in one);
 * violations land in cron_runs for the admin health view, in total and per shard.
 */
export const auditLedgerDaily: CronJob = async (env) => {
  const shards = await Promise.all(
    shardMap(env).shards.map(async ({ binding, db }) => {
      const violations = await auditLedger(db);
      if (violations.length > 0) log("error", "ledger_audit_violations", { shard: binding, count: violations.length, first: violations.slice(0, 5) });
      return { shard: binding, violations: violations.length, sample: violations.slice(0, 20) };
    }),
  );
  return {
    violations: shards.reduce((sum, shard) => sum + shard.violations, 0),
    sample: shards.flatMap((shard) => shard.sample).slice(0, 20),
    shards: shards.map(({ shard, violations }) => ({ shard, violations })),
  };
};
