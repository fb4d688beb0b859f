import { useQuery } from "@tanstack/react-query";
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
 * Add Credits. A player whose subscription is live sees it (and Manage Subscription) as soon as the dialog opens;
 * the monthly form then gives way to it, since a second one cannot start. One-time purchases stay available.
 */
export const AddCreditsDialog = ({ open, onOpenChange }: Props) => {
  const { data: rates } = useQuery(exchangeRatesQueryOptions);
  const subscriptions = useQuery(subscriptionsQueryOptions);
  const form = usePurchaseForm(rates?.rates ?? FALLBACK_RATES);
  const current = liveSubscription(subscriptions.data);

  const body = () => {
    if (form.mode === "payment") return <PurchaseForm form={form} />;
    if (subscriptions.isError) return <p role="alert" className="text-sm text-red-700 dark:text-red-400">Failed to load subscriptions</p>;
    if (subscriptions.isPending) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>;
    return current ? (
      <p className="text-sm text-slate-700 dark:text-slate-300">You already have a monthly subscription; manage it above to change or cancel it.</p>
    ) : (
      <PurchaseForm form={form} />
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Credits" description="Buy credits once, or get them every month for 20% less.">
      {current ? (
        <div className="mb-4">
          <SubscriptionSummary subscription={current} />
        </div>
      ) : null}
      <div role="radiogroup" aria-label="Purchase type" className="mb-4 flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
        {MODES.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={form.mode === value}
            className={modeClass(form.mode === value)}
            onClick={() => form.setMode(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {body()}
    </Dialog>
  );
};
