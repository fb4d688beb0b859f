import type Stripe from "stripe";
import * as z from "zod";
import { CREDIT_LIMITS } from "#shared/pricing";

/** What our checkout writes into Stripe metadata (sessions and subscriptions); Stripe keeps every value a string. */
const metadataSchema = z.object({
  userId: z.string().min(1).max(100),
  credits: z.coerce.number().int().min(1).max(CREDIT_LIMITS.payment.max),
});

export type PurchaseMetadata = z.infer<typeof metadataSchema>;

/** Null for objects that did not come from our checkout (another integration on the same Stripe account). */
export const readMetadata = (metadata: Stripe.Metadata | null | undefined): PurchaseMetadata | null => {
  const parsed = metadataSchema.safeParse(metadata ?? {});
  return parsed.success ? parsed.data : null;
};

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** A paid thing that gives credits once: a one-time checkout session, or one subscription invoice. */
export type Purchase = PurchaseMetadata & {
  kind: "checkout" | "invoice";
  paymentId: string;
  currency: string;
  amount: number;
  paymentIntentId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  /** A subscription's later month: its first was counted against the purchase limits when its checkout started. */
  renewal: boolean;
};

/**
 * A subscription's checkout pays its first invoice, so it is credited under that invoice's id: the session, the
 * verify call and that invoice's `invoice.paid` then all name the same cause and credit it once.
 */
export const purchaseFromSession = (session: Stripe.Checkout.Session): Purchase | null => {
  const metadata = readMetadata(session.metadata);
  if (!metadata) return null;
  const common = {
    ...metadata,
    currency: (session.currency ?? "usd").toUpperCase(),
    amount: session.amount_total ?? 0,
    customerId: idOf(session.customer),
  };
  if (session.mode === "subscription") {
    const invoiceId = idOf(session.invoice);
    const subscriptionId = idOf(session.subscription);
    if (!invoiceId || !subscriptionId) return null;
    return { ...common, kind: "invoice", paymentId: invoiceId, paymentIntentId: null, subscriptionId, renewal: false };
  }
  return {
    ...common,
    kind: "checkout",
    paymentId: session.id,
    paymentIntentId: idOf(session.payment_intent),
    subscriptionId: null,
    renewal: false,
  };
};

export const purchaseFromInvoice = (invoice: Stripe.Invoice): Purchase | null => {
  const details = invoice.parent?.subscription_details;
  const metadata = readMetadata(details?.metadata);
  const subscriptionId = idOf(details?.subscription);
  if (!metadata || !subscriptionId || !invoice.id) return null;
  return {
    ...metadata,
    kind: "invoice",
    paymentId: invoice.id,
    currency: invoice.currency.toUpperCase(),
    amount: invoice.amount_paid,
    paymentIntentId: null,
    subscriptionId,
    customerId: idOf(invoice.customer),
    renewal: invoice.billing_reason === "subscription_cycle",
  };
};

/** The end of the period an invoice paid for, in ms: when the next monthly credits are due. */
export const invoicePeriodEnd = (invoice: Stripe.Invoice) => {
  const end = invoice.lines.data.reduce((latest, line) => Math.max(latest, line.period.end), 0);
  return end > 0 ? end * 1000 : null;
};

/** What one subscription period costs, in the currency's minor unit. */
export const subscriptionTotal = (subscription: Stripe.Subscription) =>
  subscription.items.data.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 0);
