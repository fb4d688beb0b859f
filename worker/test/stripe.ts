import Stripe from "stripe";
import { vi } from "vitest";
import { eventObject, type Json } from "../../scripts/stripe-standin/objects";
import { createStandin } from "../../scripts/stripe-standin/standin";
import { paySession } from "../../scripts/stripe-standin/store";

// Feature tests reach the stand-in through this module, so nothing under worker/features imports from scripts/.
export type { Json } from "../../scripts/stripe-standin/objects";
export { cancelSubscription, renewSubscription } from "../../scripts/stripe-standin/store";
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from "../features/payments/stripe-client";
import { call } from "./http";
import { apiClient } from "./client";

const STRIPE_API = "https://api.stripe.com/";

/**
 * The stand-in's own code answering the SDK's requests to api.stripe.com inside the test isolate (nothing leaves
 * the machine). Events are not delivered: tests post them, signed, when and as often as they like.
 */
export const useFakeStripe = () => {
  const standin = createStandin({
    secretKey: LOCAL_STRIPE_SECRET_KEY,
    webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
    webhookUrl: null,
    publicUrl: "https://checkout.stripe.test",
  });
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(STRIPE_API) ? standin.handle(request) : realFetch(request);
  });
  return standin;
};

export type FakeStripe = ReturnType<typeof useFakeStripe>;

export const signature = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? LOCAL_STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });

/** `env` replaces the test environment, as for every helper below (twoShardEnv() for players over two shards). */
export const postWebhook = (payload: string, header: string, env?: Env) =>
  call("/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body: payload,
    env,
  });

/** Delivers an event as Stripe would: its JSON, signed now with the endpoint secret. */
export const deliver = async (event: Json, env?: Env) => {
  const payload = JSON.stringify(event);
  return postWebhook(payload, await signature(payload), env);
};

export const stripeEvent = (type: string, object: Json, created?: number) => ({
  ...eventObject(type, structuredClone(object), "2026-10-28.endive"),
  ...(created === undefined ? {} : { created }),
});

type CheckoutBody = Parameters<ReturnType<typeof apiClient>["payments"]["checkout"]["$post"]>[0]["json"];
type Checkout = Pick<CheckoutBody, "credits"> & Partial<CheckoutBody>;

/** Starts a checkout through our API (its typed client) and returns the stand-in's session id. */
export const startCheckout = async (headers: Record<string, string>, checkout: Checkout, env?: Env) => {
  const response = await apiClient({ headers, env }).payments.checkout.$post({
    json: { currency: "USD", mode: "payment", ...checkout },
  });
  if (response.status !== 200) throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
  const { url } = await response.json();
  return url.split("/").at(-1) ?? "";
};

/** Checks out and pays: the events Stripe would send for the payment, not yet delivered. */
export const paidCheckout = async (
  stripe: FakeStripe,
  headers: Record<string, string>,
  checkout: Checkout,
  env?: Env,
) => {
  const sessionId = await startCheckout(headers, checkout, env);
  return { sessionId, events: paySession(stripe.store, sessionId) };
};

/** The return page's verify through the typed client, its answer read whatever the status (refusals included). */
export const verify = async (headers: Record<string, string>, sessionId: string, env?: Env) => {
  const response = await apiClient({ headers, env }).payments.verify.$post({ json: { sessionId }, header: {} });
  return { status: response.status, body: await response.json() };
};

/** The charge of a payment intent with `refunded` of its `amount` given back (all of it unless said). */
export const refundedCharge = (paymentIntent: string, amount: number, refunded = amount): Json => ({
  id: `ch_${paymentIntent}`,
  object: "charge",
  amount,
  amount_refunded: refunded,
  currency: "usd",
  payment_intent: paymentIntent,
  refunded: refunded >= amount,
});

/** A dispute opened on the charge of a payment intent. */
export const disputeOf = (paymentIntent: string, amount: number): Json => ({
  id: `dp_${paymentIntent}`,
  object: "dispute",
  amount,
  charge: `ch_${paymentIntent}`,
  currency: "usd",
  payment_intent: paymentIntent,
  status: "needs_response",
});
