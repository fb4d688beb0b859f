import { queryOptions } from "@tanstack/react-query";
import { FALLBACK_RATES } from "#shared/pricing";
import { client, unwrap, type Answer, type RequestOf } from "../../lib/api";

export type ExchangeRates = Answer<(typeof client)["exchange-rates"]["$get"]>;
export type Subscription = Answer<typeof client.subscriptions.$get>["items"][number];
export type Verification = Answer<typeof client.payments.verify.$post>;

const HOUR = 60 * 60 * 1000;

/** Refreshed hourly like the server's own job; until it answers, the fixed fallback rates price the form. */
export const exchangeRatesQueryOptions = queryOptions({
  queryKey: ["exchange-rates"],
  queryFn: ({ signal }) => unwrap(client["exchange-rates"].$get(undefined, { init: { signal } })),
  staleTime: HOUR,
  placeholderData: { rates: FALLBACK_RATES, base: "USD", timestamp: null, fallback: true },
});

export const subscriptionsQueryOptions = queryOptions({
  queryKey: ["subscriptions"],
  queryFn: ({ signal }) =>
    unwrap(client.subscriptions.$get(undefined, { init: { signal } })).then((body) => body.items),
});

/** Statuses that still deliver monthly credits; the server refuses a second subscription while one is in them. */
const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

export const liveSubscription = (subscriptions: Subscription[] | undefined) =>
  subscriptions?.find((subscription) => LIVE_STATUSES.has(subscription.status)) ?? null;

export const startCheckout = (input: RequestOf<typeof client.payments.checkout.$post>["json"]) =>
  unwrap(client.payments.checkout.$post({ json: input }));

export const openPortal = () => unwrap(client.payments.portal.$post());

export const verifyPayment = (sessionId: string) =>
  unwrap(client.payments.verify.$post({ json: { sessionId }, header: {} }));
