import { inArray } from "drizzle-orm";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { healthAlerts } from "../../db/schema";
import type { Settings } from "../../env";
import { log } from "../../lib/log";
import { healthAlertEmails, type Change } from "./health-alert-emails";
import { readHealthReport } from "./health-report";

/** A queue's sendBatch takes at most 256 KB; an email with its HTML part is about 5 KB. */
const EMAILS_PER_BATCH = 25;

/** Tells the operator: an email to each admin through the email queue, and the webhook when one is set. */
const tell = async (data: DataContext, settings: Settings, changes: Change[], now: number) => {
  const emails = (await Promise.all(changes.map((change) => healthAlertEmails(settings, change)))).flat();
  const sends: Promise<unknown>[] = [];
  for (let start = 0; start < emails.length; start += EMAILS_PER_BATCH)
    sends.push(data.queues.emails.sendBatch(emails.slice(start, start + EMAILS_PER_BATCH).map((body) => ({ body }))));
  if (settings.ALERT_WEBHOOK_URL)
    sends.push(
      fetch(settings.ALERT_WEBHOOK_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ service: "pickstreak", at: new Date(now).toISOString(), alerts: changes }),
        signal: AbortSignal.timeout(10_000),
      }).then((response) => {
        if (!response.ok) throw new Error(`Alert webhook answered ${response.status}`);
      }),
    );
  const failures = (await Promise.allSettled(sends)).filter((result) => result.status === "rejected");
  for (const failure of failures) log("error", "health_alert_not_told", { error: String(failure.reason) });
};

/**
 * The every-minute watch: an alert that begins is stored and told once, one that ends is removed and told once. The
 * rows are claimed in SQL (an insert that skips a stored name, a delete that returns what it took), so two watches
 * at once never tell one change twice.
 */
export const watchHealth = async (data: DataContext, settings: Settings, now: number) => {
  const { alerts } = await readHealthReport(data, settings, now, "daily");
  const db = createDb(data.catalogue);
  const firing = new Set(alerts.map((alert) => alert.name));
  const stored = await db.select({ name: healthAlerts.name }).from(healthAlerts);
  const ended = stored.filter(({ name }) => !firing.has(name)).map(({ name }) => name);
  const began =
    alerts.length > 0
      ? await db
          .insert(healthAlerts)
          .values(alerts.map((alert) => ({ ...alert, firingSince: now })))
          .onConflictDoNothing()
          .returning()
      : [];
  const resolved =
    ended.length > 0 ? await db.delete(healthAlerts).where(inArray(healthAlerts.name, ended)).returning() : [];
  const changes: Change[] = [
    ...began.map(({ name, message }) => ({ name, message, state: "firing" as const })),
    ...resolved.map(({ name, message }) => ({ name, message, state: "resolved" as const })),
  ];
  if (changes.length > 0) await tell(data, settings, changes, now);
  return { firing: alerts.length, began: began.length, resolved: resolved.length };
};
