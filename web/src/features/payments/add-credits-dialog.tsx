import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { FALLBACK_RATES, type PurchaseMode } from "#shared/pricing";
import { Dialog } from "../../components/ui/dialog";
import { exchangeRatesQueryOptions, liveSubscription, subscriptionsQueryOptions } from "./payments-queries";
import { PurchaseForm } from "./purchase-form";
import { SubscriptionSummary } from "./subscription-summary";
import { usePurchaseForm } from "./use-purchase-form";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

const MODES: { value: PurchaseMode; label: string }[] = [
  { value: "payment", label: "One-time" },
  { value: "subscription", label: "Monthly (20% off)" },
];

const modeClass = (selected: boolean) =>
  `flex-1 rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
    selected ? "bg-white text-slate-900 shadow dark:bg-slate-700 dark:text-white" : "text-slate-600 dark:text-slate-400"
  }`;

/**
 * Add Credits. A player whose subscription is live sees it and Manage Subscription as soon as the dialog opens,
 * with one-time credits below it: a second subscription cannot start, so there is no monthly form to choose. The
 * form waits for the subscription list, so the summary never pushes it down after the player has started typing.
 */
export const AddCreditsDialog = ({ open, onOpenChange }: Props) => {
  const { data: rates } = useQuery(exchangeRatesQueryOptions);
  const subscriptions = useQuery(subscriptionsQueryOptions);
  const form = usePurchaseForm(rates?.rates ?? FALLBACK_RATES);
  const current = liveSubscription(subscriptions.data);
  const { mode, setMode } = form;

  // A subscription found by a refetch while the dialog is open (one started in another tab) replaces the monthly form.
  useEffect(() => {
    if (current && mode === "subscription") setMode("payment");
  }, [current, mode, setMode]);

  const body = () => {
    if (subscriptions.isPending)
      return (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading...
        </p>
      );
    if (current) {
      return (
        <>
          <SubscriptionSummary subscription={current} />
          <h3 className="mb-3 mt-5 text-sm font-semibold">Buy extra credits once</h3>
          <PurchaseForm form={form} />
        </>
      );
    }
    return (
      <>
        {subscriptions.isError ? (
          <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
            Failed to load subscriptions
          </p>
        ) : null}
        <div
          role="radiogroup"
          aria-label="Purchase type"
          className="mb-4 flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
        >
          {MODES.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={mode === value}
              className={modeClass(mode === value)}
              onClick={() => setMode(value)}
            >
              {label}
            </button>
          ))}
        </div>
        <PurchaseForm form={form} />
      </>
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Credits"
      description={
        current
          ? "Your monthly subscription, and extra credits whenever you want them."
          : "Buy credits once, or get them every month for 20% less."
      }
    >
      {body()}
    </Dialog>
  );
};
