import { auditLedger } from "../features/credits/ledger.audit";
import { log } from "../lib/log";
import type { CronJob } from "./cron.types";

/** The daily proof that balances still equal the ledger; violations land in cron_runs for the admin health view. */
export const auditLedgerDaily: CronJob = async (env) => {
  const violations = await auditLedger(env.DB);
  if (violations.length > 0) log("error", "ledger_audit_violations", { count: violations.length, first: violations.slice(0, 5) });
  return { violations: violations.length, sample: violations.slice(0, 20) };
};
