import { queryOptions } from "@tanstack/react-query";
import { FALLBACK_RATES, type Currency, type PurchaseMode } from "#shared/pricing";
import { api } from "../../lib/api";

export type ExchangeRates = { rates: Record<Currency, number>; base: "USD"; timestamp: number | null; fallback: boolean };

export type Subscription = {
  id: string;
  status: string;
  creditsAmount: number;
  totalPrice: number;
  currency: string;
  nextDeliveryDate: number | null;
  cancelAtPeriodEnd: boolean;
  createdAt: number;
};

export type Verification = { success: boolean; wasDuplicate: boolean; creditsAdded: number; newBalance: number; message: string };

const HOUR = 60 * 60 * 1000;

/** Refreshed hourly like the server's own job; until it answers, the fixed fallback rates price the form. */
export const exchangeRatesQueryOptions = queryOptions({
  queryKey: ["exchange-rates"],
  queryFn: ({ signal }) => api<ExchangeRates>("/api/exchange-rates", { signal }),
  staleTime: HOUR,
  placeholderData: { rates: FALLBACK_RATES, base: "USD", timestamp: null, fallback: true },
});

export const subscriptionsQueryOptions = queryOptions({
  queryKey: ["subscriptions"],
  queryFn: ({ signal }) => api<{ items: Subscription[] }>("/api/subscriptions", { signal }).then((body) => body.items),
});

/** Statuses that still deliver monthly credits; the server refuses a second subscription while one is in them. */
const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

export const liveSubscription = (subscriptions: Subscription[] | undefined) =>
  subscriptions?.find((subscription) => LIVE_STATUSES.has(subscription.status)) ?? null;

export const startCheckout = (input: { credits: number; currency: Currency; mode: PurchaseMode }) =>
  api<{ url?: string }>("/api/payments/checkout", { method: "POST", json: input });

export const openPortal = () => api<{ url?: string }>("/api/payments/portal", { method: "POST" });

export const verifyPayment = (sessionId: string) => api<Verification>("/api/payments/verify", { method: "POST", json: { sessionId } });
