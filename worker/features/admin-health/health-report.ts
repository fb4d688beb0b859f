import type { DataContext } from "../../db/data-context";
import { batchNamed, type NamedResults } from "../../db/statement";
import type { Settings } from "../../env";
import { sumFields } from "../../lib/sum-fields";
import { auditStatements, violationsOf } from "../credits/ledger.audit";
import { deadLetterDepths } from "../dead-letters/dead-letters";
import { cronSummary, emailBacklog, pendingRedemptions, pushBacklog, settlementQueue } from "./admin-health.query";
import { readRequestHealth } from "./request-health";

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * Where the ledger audit's answer comes from: run now (the health page, which a person opens), or the nightly
 * `auditLedgerDaily`'s last result (the every-minute watch: the audit reads every ledger row, too much for each minute).
 */
type Audit = "live" | "daily";

/** What each player database holds of the report: settlement owed, redemptions waiting, the audit, the outboxes. */
const playerStatements = (d1: D1Database, audit: Audit) => ({
  queue: settlementQueue(d1),
  redemptions: pendingRedemptions(d1),
  audit: audit === "live" ? auditStatements(d1) : [],
  emails: emailBacklog(d1),
  pushes: pushBacklog(d1),
});

type PlayerPart = NamedResults<ReturnType<typeof playerStatements>>;

/** The nightly audit's last result, as its cron run recorded it (audit-ledger.ts); checked at 0 when it never ran. */
const dailyAudit = (crons: { job: string; lastRunAt: number; detail: string }[]) => {
  const run = crons.find((cron) => cron.job === "auditLedgerDaily");
  const recorded = run ? (JSON.parse(run.detail) as { violations?: number }) : {};
  return { checkedAt: run?.lastRunAt ?? 0, violations: recorded.violations ?? 0 };
};

/** The catalogue's cron runs and open settlements, and each player database's part, side by side when they differ. */
const readParts = async (data: DataContext, now: number, audit: Audit) => {
  const { catalogue } = data;
  if (data.playersInCatalogue) {
    const { crons, deadLetters, ...part } = await batchNamed(catalogue, {
      crons: cronSummary(catalogue, now - DAY_MS),
      deadLetters: deadLetterDepths(catalogue),
      ...playerStatements(catalogue, audit),
    });
    return { crons, deadLetters, catalogueQueue: part.queue[0], parts: [part] };
  }
  const [fromCatalogue, parts] = await Promise.all([
    batchNamed(catalogue, {
      crons: cronSummary(catalogue, now - DAY_MS),
      deadLetters: deadLetterDepths(catalogue),
      queue: settlementQueue(catalogue),
    }),
    Promise.all(data.players().map(({ db }): Promise<PlayerPart> => batchNamed(db, playerStatements(db, audit)))),
  ]);
  const { crons, deadLetters, queue } = fromCatalogue;
  return { crons, deadLetters, catalogueQueue: queue[0], parts };
};

const oldest = (values: (number | null | undefined)[]) => {
  const known = values.filter((value): value is number => typeof value === "number");
  return known.length > 0 ? Math.min(...known) : null;
};

const backlog = (rows: ({ waiting: number; retrying: number; oldestSince: number | null } | undefined)[]) => ({
  ...sumFields(
    { waiting: 0, retrying: 0 },
    rows.map((row) => ({ waiting: row?.waiting ?? 0, retrying: row?.retrying ?? 0 })),
  ),
  oldestSince: oldest(rows.map((row) => row?.oldestSince)),
});

/** What the databases and the last hour's requests say now. */
const readReport = async (data: DataContext, settings: Settings, now: number, audit: Audit) => {
  const [{ crons, deadLetters, catalogueQueue, parts }, requests] = await Promise.all([
    readParts(data, now, audit),
    readRequestHealth(settings, now),
  ]);
  const totals = sumFields(
    { picks: 0, pending: 0, violations: 0 },
    parts.map((part) => ({
      picks: part.queue[0]?.picks ?? 0,
      pending: part.redemptions[0]?.pending ?? 0,
      violations: violationsOf(part.audit).length,
    })),
  );
  return {
    crons,
    settlementQueue: {
      questions: catalogueQueue?.questions ?? 0,
      picks: totals.picks,
      oldestWaitingSince: catalogueQueue?.oldestChangeAt ?? null,
    },
    pendingRedemptions: totals.pending,
    ledgerAudit: audit === "live" ? { checkedAt: now, violations: totals.violations } : dailyAudit(crons),
    emails: backlog(parts.map((part) => part.emails[0])),
    pushes: backlog(parts.map((part) => part.pushes[0])),
    deadLetters,
    requests,
  };
};

type Report = Awaited<ReturnType<typeof readReport>>;

export type HealthAlert = { name: string; message: string };

const minutesSince = (since: number, now: number) => Math.floor((now - since) / MINUTE_MS);

/** What is wrong now, each with a stable name: a job whose last run failed, ledger violations, and work left waiting. */
const alertsOf = (report: Report, settings: Settings, now: number): HealthAlert[] => {
  const alerts: HealthAlert[] = report.crons
    .filter((cron) => !cron.lastOk)
    .map((cron) => ({ name: `cron:${cron.job}`, message: `The job ${cron.job} failed on its last run` }));
  if (report.ledgerAudit.violations > 0)
    alerts.push({
      name: "ledger_audit",
      message: `The ledger audit finds ${report.ledgerAudit.violations} violations`,
    });
  const waiting = [
    ["settlement_lag", "Settlement", report.settlementQueue.oldestWaitingSince, settings.ALERT_SETTLEMENT_LAG_MINUTES],
    ["email_backlog", "Emails", report.emails.oldestSince, settings.ALERT_EMAIL_BACKLOG_MINUTES],
    ["push_backlog", "Push notices", report.pushes.oldestSince, settings.ALERT_PUSH_BACKLOG_MINUTES],
  ] as const;
  for (const [name, what, since, limitMinutes] of waiting) {
    if (since !== null && now - since > limitMinutes * MINUTE_MS)
      alerts.push({ name, message: `${what} waiting for ${minutesSince(since, now)} minutes (limit ${limitMinutes})` });
  }
  for (const { queue, depth } of report.deadLetters)
    alerts.push({ name: `dead_letters:${queue}`, message: `${depth} ${queue} queue messages ran out of retries` });
  const { requests, errors, webhookFailures } = report.requests;
  const errorPercent = requests > 0 ? (100 * errors) / requests : 0;
  if (requests >= settings.ALERT_ERROR_RATE_MIN_REQUESTS && errorPercent > settings.ALERT_ERROR_RATE_PERCENT)
    alerts.push({
      name: "error_rate",
      message: `${errorPercent.toFixed(1)}% of the last hour's ${requests} requests failed (limit ${settings.ALERT_ERROR_RATE_PERCENT}%)`,
    });
  if (webhookFailures >= settings.ALERT_WEBHOOK_FAILURES)
    alerts.push({
      name: "webhook_failures",
      message: `${webhookFailures} Stripe webhook deliveries failed in the last hour (limit ${settings.ALERT_WEBHOOK_FAILURES})`,
    });
  return alerts;
};

/** Everything an operator checks first, and what of it crosses a threshold. */
export const readHealthReport = async (data: DataContext, settings: Settings, now: number, audit: Audit = "live") => {
  const report = await readReport(data, settings, now, audit);
  return { ...report, alerts: alertsOf(report, settings, now) };
};
