import { buildPushPayload } from "@block65/webcrypto-web-push";
import { eq, inArray, lte, sql } from "drizzle-orm";
import { PUSH } from "../../config";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { pushDeliveries, pushSubscriptions } from "../../db/schema";
import type { Settings } from "../../env";
import { log } from "../../lib/log";
import { sumFields } from "../../lib/sum-fields";
import { noticeSchema, toPushPayload } from "./notices";
import { deliveryUrl, vapidKeys } from "./push-service";

const d = pushDeliveries;

type Subscription = typeof pushSubscriptions.$inferSelect;
type Result = { id: string; subscriptionId: string; outcome: "sent" | "gone" | "dropped" | { retryAt: number } };

/**
 * Takes the due deliveries in one statement: D1 runs statements one at a time, so two passes at once (the cron and a
 * settlement's own kick) take different rows, and the lease keeps a taken row away until it is sent or retried.
 */
const take = (d1: D1Database, now: number) => {
  const db = createDb(d1);
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(lte(d.nextAttemptAt, now))
    .orderBy(d.nextAttemptAt)
    .limit(PUSH.perRun);
  return db
    .update(d)
    .set({ nextAttemptAt: now + PUSH.leaseMs })
    .where(inArray(d.id, due))
    .returning({ id: d.id, subscriptionId: d.subscriptionId, notice: d.notice, attempts: d.attempts });
};

type Taken = Awaited<ReturnType<typeof take>>[number];

const retryAfterMs = (response: Response) => {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
};

/** 404 and 410: the subscription is gone for good. Other 4xx: this request can never succeed. 429 and 5xx: later. */
const classify = (delivery: Taken, response: Response | null, now: number): Result["outcome"] => {
  if (response?.ok) return "sent";
  if (response && (response.status === 404 || response.status === 410)) return "gone";
  if (response && response.status < 500 && response.status !== 429) return "dropped";
  if (delivery.attempts + 1 >= PUSH.maxAttempts) return "dropped";
  const backoff = PUSH.firstRetryMs * 2 ** delivery.attempts;
  return { retryAt: now + Math.max(backoff, response ? retryAfterMs(response) : 0) };
};

const send = async (
  delivery: Taken,
  subscription: Subscription,
  vapid: ReturnType<typeof vapidKeys>,
  settings: Settings,
  now: number,
): Promise<Result> => {
  const parsed = noticeSchema.safeParse(JSON.parse(delivery.notice));
  if (!parsed.success) {
    log("error", "push_notice_invalid", { deliveryId: delivery.id });
    return { id: delivery.id, subscriptionId: subscription.id, outcome: "dropped" };
  }
  let response: Response | null = null;
  try {
    const request = await buildPushPayload(
      { data: toPushPayload(parsed.data), options: { ttl: PUSH.ttlSeconds, urgency: "normal" } },
      {
        endpoint: subscription.endpoint,
        expirationTime: null,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      vapid,
    );
    response = await fetch(deliveryUrl(subscription.endpoint, settings), {
      ...request,
      signal: AbortSignal.timeout(PUSH.timeoutMs),
    });
  } catch (error) {
    log("warn", "push_send_failed", { deliveryId: delivery.id, error: String(error) });
  }
  const outcome = classify(delivery, response, now);
  if (outcome === "dropped") log("warn", "push_dropped", { deliveryId: delivery.id, status: response?.status ?? null });
  return { id: delivery.id, subscriptionId: subscription.id, outcome };
};

const record = (d1: D1Database, { id, subscriptionId, outcome }: Result) => {
  const db = createDb(d1);
  if (outcome === "sent" || outcome === "dropped") return writeStatement(d1, db.delete(d).where(eq(d.id, id)));
  if (outcome === "gone")
    return writeStatement(d1, db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId)));
  return writeStatement(
    d1,
    db
      .update(d)
      .set({ attempts: sql`${d.attempts} + 1`, nextAttemptAt: outcome.retryAt })
      .where(eq(d.id, id)),
  );
};

type PassSummary = { sent: number; gone: number; retried: number; dropped: number };

/** One pass over one database's outbox; `more` when it took a full pass's worth, so more may be due. */
export const sendDueIn = async (
  d1: D1Database,
  settings: Settings,
  now: number,
): Promise<PassSummary & { more: boolean }> => {
  const taken = await take(d1, now);
  if (taken.length === 0) return { sent: 0, gone: 0, retried: 0, dropped: 0, more: false };
  const vapid = vapidKeys(settings);
  const subscriptions = await createDb(d1)
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, [...new Set(taken.map((delivery) => delivery.subscriptionId))]));
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
  const results: Result[] = [];
  for (let start = 0; start < taken.length; start += PUSH.concurrency) {
    const group = taken.slice(start, start + PUSH.concurrency).flatMap((delivery) => {
      const subscription = byId.get(delivery.subscriptionId);
      return subscription ? [send(delivery, subscription, vapid, settings, now)] : [];
    });
    results.push(...(await Promise.all(group)));
  }
  if (results.length > 0) await d1.batch(results.map((result) => record(d1, result)));
  const count = (kind: "sent" | "gone" | "dropped") => results.filter((r) => r.outcome === kind).length;
  return {
    sent: count("sent"),
    gone: count("gone"),
    retried: results.length - count("sent") - count("gone") - count("dropped"),
    dropped: count("dropped"),
    more: taken.length === PUSH.perRun,
  };
};

/**
 * One pass over the push outbox of every player database (a player's devices and notices live beside their picks):
 * sends what is due, a few at a time, and records each answer. The every-minute cron's net under the push queue
 * (push-queue.ts), which sends a database's notices right after they commit.
 */
export const sendDuePushes = async (data: DataContext, settings: Settings, now = Date.now()): Promise<PassSummary> => {
  const passes = await Promise.all(data.players().map(({ db }) => sendDueIn(db, settings, now)));
  return sumFields({ sent: 0, gone: 0, retried: 0, dropped: 0 }, passes);
};
