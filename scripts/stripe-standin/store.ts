import {
  eventObject,
  invoiceObject,
  invoicePaymentObject,
  newStripeId,
  nowSeconds,
  subscriptionObject,
  type Json,
  type LineItem,
} from "./objects";

/** The API version our SDK speaks; replaced by the Stripe-Version header of the latest request. */
const DEFAULT_API_VERSION = "2026-10-28.endive";

type SessionEntry = { session: Json; line: LineItem; subscriptionMetadata: Record<string, string> };
type SubscriptionEntry = { subscription: Json; line: LineItem; periodStart: number };

/** Everything the stand-in knows, in memory: a restart forgets it, as a fresh test account would. */
export type Store = {
  apiVersion: string;
  customers: Map<string, Json>;
  sessions: Map<string, SessionEntry>;
  subscriptions: Map<string, SubscriptionEntry>;
  invoicePayments: Json[];
  portalSessions: Map<string, Json>;
  idempotent: Map<string, { status: number; body: string }>;
};

export const createStore = (): Store => ({
  apiVersion: DEFAULT_API_VERSION,
  customers: new Map(),
  sessions: new Map(),
  subscriptions: new Map(),
  invoicePayments: [],
  portalSessions: new Map(),
  idempotent: new Map(),
});

const event = (store: Store, type: string, object: Json) =>
  eventObject(type, structuredClone(object), store.apiVersion);

const MONTH_SECONDS = 30 * 24 * 60 * 60;

/** Pays an open session as a card payment would: the events Stripe sends for it, in Stripe's order. */
export const paySession = (store: Store, sessionId: string): Json[] => {
  const entry = store.sessions.get(sessionId);
  if (!entry || entry.session.status !== "open") return [];
  const { session, line } = entry;
  const paymentIntent = newStripeId("pi", 24);
  if (session.mode !== "subscription") {
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: paymentIntent, url: null });
    return [event(store, "checkout.session.completed", session)];
  }
  const subscription = subscriptionObject(session.customer as string | null, line, entry.subscriptionMetadata);
  const periodStart = subscription.created as number;
  const invoice = invoiceObject(subscription, line, periodStart, "subscription_create");
  store.subscriptions.set(subscription.id as string, { subscription, line, periodStart });
  store.invoicePayments.push(invoicePaymentObject(invoice, paymentIntent));
  Object.assign(session, {
    status: "complete",
    payment_status: "paid",
    subscription: subscription.id,
    invoice: invoice.id,
    url: null,
  });
  return [event(store, "checkout.session.completed", session), event(store, "invoice.paid", invoice)];
};

export const cancelSubscription = (store: Store, subscriptionId: string): Json[] => {
  const entry = store.subscriptions.get(subscriptionId);
  if (!entry || entry.subscription.status === "canceled") return [];
  const now = nowSeconds();
  Object.assign(entry.subscription, { status: "canceled", canceled_at: now, ended_at: now });
  return [event(store, "customer.subscription.deleted", entry.subscription)];
};

/**
 * Bills the next month at once (a test clock in one click): a new paid invoice; or, for a subscription set to end at
 * the period's end, its deletion; or nothing while its collection is paused (Stripe voids that invoice).
 */
export const renewSubscription = (store: Store, subscriptionId: string): Json[] => {
  const entry = store.subscriptions.get(subscriptionId);
  if (!entry || entry.subscription.status !== "active") return [];
  if (entry.subscription.cancel_at_period_end === true) return cancelSubscription(store, subscriptionId);
  entry.periodStart += MONTH_SECONDS;
  const pause = entry.subscription.pause_collection as { resumes_at: number | null } | null | undefined;
  if (pause && (pause.resumes_at === null || pause.resumes_at > entry.periodStart)) return [];
  const invoice = invoiceObject(entry.subscription, entry.line, entry.periodStart, "subscription_cycle");
  store.invoicePayments.push(invoicePaymentObject(invoice, newStripeId("pi", 24)));
  return [event(store, "invoice.paid", invoice)];
};

export const subscriptionsOf = (store: Store, customer: string) =>
  [...store.subscriptions.values()]
    .filter((entry) => entry.subscription.customer === customer)
    .map((entry) => entry.subscription);
