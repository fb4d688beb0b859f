/**
 * Keeping the server's copy of this browser's push subscription in step with the browser's. A browser may replace
 * its subscription (the push service rotated or expired it: `pushsubscriptionchange` in the service worker), and the
 * server may drop one (the push service answered 404 or 410, the ten-device cap, another account took the browser).
 * Either way the profile would say "on" while nothing arrives; sending the subscription again mends both, since the
 * server's save is an upsert on the endpoint.
 */

export const SUBSCRIPTIONS_PATH = "/api/notifications/subscriptions";
const NOTIFICATIONS_PATH = "/api/notifications";

export type SubscriptionBody = { endpoint: string; keys: { p256dh: string; auth: string } };

/** The subscription as the server takes it, or null when the browser gave an incomplete one. */
export const subscriptionBody = ({ endpoint, keys }: PushSubscriptionJSON): SubscriptionBody | null =>
  endpoint && keys?.p256dh && keys.auth ? { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } : null;

type Subscription = {
  endpoint: string;
  toJSON: () => PushSubscriptionJSON;
  options?: { applicationServerKey: ArrayBuffer | null };
};
type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export type SubscriptionChange = {
  oldSubscription?: Subscription | null;
  newSubscription?: Subscription | null;
  pushManager: { subscribe: (options: PushSubscriptionOptionsInit) => Promise<Subscription> };
  fetch: Fetch;
};

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

const json = (method: string, body: unknown): RequestInit => ({
  method,
  credentials: "same-origin",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

/** Our VAPID key: the old subscription's when the browser kept it, else the server's (needs the session cookie). */
const serverKey = async (fetch: Fetch, old: Subscription | null | undefined) => {
  const kept = old?.options?.applicationServerKey;
  if (kept) return kept;
  const response = await fetch(NOTIFICATIONS_PATH, { credentials: "same-origin" });
  if (!response.ok) return null;
  const { publicKey } = (await response.json()) as { publicKey?: string };
  return publicKey ? fromBase64Url(publicKey) : null;
};

/**
 * The service worker's answer to `pushsubscriptionchange`: subscribe again when the browser did not already, send the
 * new subscription to the server, and forget the old endpoint there. Returns whether the server has the new one.
 */
export const renewSubscription = async ({
  oldSubscription,
  newSubscription,
  pushManager,
  fetch,
}: SubscriptionChange) => {
  let next = newSubscription ?? null;
  if (!next) {
    const applicationServerKey = await serverKey(fetch, oldSubscription);
    if (!applicationServerKey) return false;
    next = await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  }
  const body = subscriptionBody(next.toJSON());
  if (!body) return false;
  const saved = await fetch(SUBSCRIPTIONS_PATH, json("POST", body));
  if (oldSubscription && oldSubscription.endpoint !== body.endpoint) {
    await fetch(SUBSCRIPTIONS_PATH, json("DELETE", { endpoint: oldSubscription.endpoint })).catch(() => undefined);
  }
  return saved.ok;
};
