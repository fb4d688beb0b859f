import { useState } from "react";
import { CURRENCIES, formatMoney, type Currency } from "#shared/pricing";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { openPortal, type Subscription } from "./payments-queries";
import { formatCredits } from "../../lib/format";

const money = (amount: number, currency: string) =>
  (CURRENCIES as readonly string[]).includes(currency)
    ? formatMoney(amount, currency as Currency)
    : `${amount} ${currency}`;

const day = (ms: number) =>
  new Date(ms).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/** An active subscriber's plan and the way to Stripe's Customer Portal (in a new tab). */
export const SubscriptionSummary = ({ subscription }: { subscription: Subscription }) => {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const manage = async () => {
    setProcessing(true);
    setError(null);
    // Opened before the request so the browser still counts it as the click's own window.
    const tab = window.open("about:blank", "_blank");
    try {
      const { url } = await openPortal();
      if (!url) throw new Error("No portal URL received");
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch (failure) {
      tab?.close();
      setError(
        failure instanceof ApiError || failure instanceof Error ? failure.message : "An unexpected error occurred",
      );
    } finally {
      setProcessing(false);
    }
  };

  return (
    <div className="space-y-3" data-testid="subscription-summary">
      <div className="rounded-xl border border-brand-600/30 bg-brand-50 p-4 dark:bg-brand-800/20">
        <p className="text-sm font-semibold text-brand-800 dark:text-brand-500">Active Subscription</p>
        <p className="mt-1 text-lg font-bold">{formatCredits(subscription.creditsAmount)} every month</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {money(subscription.totalPrice, subscription.currency)} per month
        </p>
        {subscription.nextDeliveryDate ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {subscription.cancelAtPeriodEnd ? "Ends on" : "Next delivery:"} {day(subscription.nextDeliveryDate)}
          </p>
        ) : null}
        {subscription.status !== "active" ? (
          <p className="text-sm text-amber-800 dark:text-amber-300">Status: {subscription.status}</p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <Button className="w-full" variant="secondary" disabled={processing} onClick={() => void manage()}>
        {processing ? "Processing..." : "Manage Subscription"}
      </Button>
    </div>
  );
};
