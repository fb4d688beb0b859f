/** Stripe-shaped objects, with the fields our worker and the SDK read (API version 2026-10-28 shapes). */

export type Json = { [key: string]: unknown };

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export const newStripeId = (prefix: string, length = 24) => {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return `${prefix}_test_${Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("")}`;
};

export const nowSeconds = () => Math.floor(Date.now() / 1000);

const MONTH_SECONDS = 30 * 24 * 60 * 60;

export const list = (data: Json[], url: string) => ({ object: "list", data, has_more: false, url });

export type LineItem = { name: string; currency: string; unitAmount: number; quantity: number; recurring: boolean };

export const customerObject = (email: string | undefined, metadata: Record<string, string>): Json => ({
  id: newStripeId("cus", 14),
  object: "customer",
  created: nowSeconds(),
  email: email ?? null,
  metadata,
  livemode: false,
});

export type SessionInput = {
  mode: string;
  customer: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  line: LineItem;
  subscriptionMetadata: Record<string, string>;
};

export const sessionObject = (input: SessionInput, publicUrl: string): Json => {
  const id = newStripeId("cs", 58);
  const created = nowSeconds();
  const amount = input.line.unitAmount * input.line.quantity;
  return {
    id,
    object: "checkout.session",
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    created,
    currency: input.line.currency,
    customer: input.customer,
    expires_at: created + 24 * 60 * 60,
    invoice: null,
    livemode: false,
    metadata: input.metadata,
    mode: input.mode,
    payment_intent: null,
    payment_status: "unpaid",
    status: "open",
    subscription: null,
    success_url: input.successUrl,
    url: `${publicUrl}/checkout/${id}`,
  };
};

export const subscriptionObject = (customer: string | null, line: LineItem, metadata: Record<string, string>): Json => {
  const id = newStripeId("sub", 14);
  const start = nowSeconds();
  return {
    id,
    object: "subscription",
    cancel_at_period_end: false,
    pause_collection: null,
    canceled_at: null,
    created: start,
    currency: line.currency,
    customer,
    ended_at: null,
    items: list(
      [
        {
          id: newStripeId("si", 14),
          object: "subscription_item",
          current_period_start: start,
          current_period_end: start + MONTH_SECONDS,
          price: {
            id: newStripeId("price", 14),
            object: "price",
            currency: line.currency,
            product: newStripeId("prod", 14),
            recurring: { interval: "month", interval_count: 1 },
            type: "recurring",
            unit_amount: line.unitAmount,
          },
          quantity: line.quantity,
          subscription: id,
        },
      ],
      `/v1/subscription_items?subscription=${id}`,
    ),
    livemode: false,
    metadata,
    status: "active",
  };
};

/** A paid invoice for the subscription's current period; `periodStart` moves forward with each renewal. */
export const invoiceObject = (subscription: Json, line: LineItem, periodStart: number, reason: string): Json => {
  const id = newStripeId("in", 14);
  const amount = line.unitAmount * line.quantity;
  return {
    id,
    object: "invoice",
    amount_due: amount,
    amount_paid: amount,
    amount_remaining: 0,
    billing_reason: reason,
    created: nowSeconds(),
    currency: line.currency,
    customer: subscription.customer,
    lines: list(
      [
        {
          id: newStripeId("il", 14),
          object: "line_item",
          amount,
          currency: line.currency,
          description: line.name,
          period: { start: periodStart, end: periodStart + MONTH_SECONDS },
          quantity: line.quantity,
        },
      ],
      `/v1/invoices/${id}/lines`,
    ),
    livemode: false,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    status: "paid",
  };
};

export const invoicePaymentObject = (invoice: Json, paymentIntent: string): Json => ({
  id: newStripeId("inpay", 14),
  object: "invoice_payment",
  amount_paid: invoice.amount_paid,
  currency: invoice.currency,
  invoice: invoice.id,
  is_default: true,
  livemode: false,
  payment: { type: "payment_intent", payment_intent: paymentIntent },
  status: "paid",
});

export const portalSessionObject = (customer: string, returnUrl: string | null, publicUrl: string): Json => {
  const id = newStripeId("bps", 24);
  return {
    id,
    object: "billing_portal.session",
    created: nowSeconds(),
    customer,
    livemode: false,
    return_url: returnUrl,
    url: `${publicUrl}/portal/${id}`,
  };
};

export const eventObject = (type: string, object: Json, apiVersion: string): Json => ({
  id: newStripeId("evt", 24),
  object: "event",
  api_version: apiVersion,
  created: nowSeconds(),
  data: { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
});
