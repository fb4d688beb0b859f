import { useState, type FormEvent } from "react";
import { CREDIT_LIMITS, CURRENCIES, CURRENCY_INFO, formatMoney, type Currency } from "#shared/pricing";
import { Button } from "../../components/ui/button";
import { formatCredits } from "../../lib/format";
import { InputField } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { useAuth } from "../auth/auth-queries";
import { startCheckout } from "./payments-queries";
import type { PurchaseForm as Form } from "./use-purchase-form";

const SELECT_CLASS =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

const PriceLine = ({ form }: { form: Form }) => {
  const { min, max } = CREDIT_LIMITS[form.mode];
  if (!form.price) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Choose between {min} and {max} credits.
      </p>
    );
  }
  const perMonth = form.mode === "subscription" ? " per month" : "";
  return (
    <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60" aria-live="polite">
      <p className="text-lg font-bold" data-testid="purchase-price">
        {formatMoney(form.price.amount, form.currency)}
        {perMonth}
      </p>
      {/* The total only: a rounded per-credit price would not multiply back to it. */}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {formatCredits(form.price.credits)}
        {form.mode === "subscription" ? " (20% off)" : ""}
      </p>
    </div>
  );
};

/** Credits, currency and amount, the live price, and the way to Stripe Checkout. */
export const PurchaseForm = ({ form }: { form: Form }) => {
  const { me } = useAuth();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const credits = form.settle();
    if (credits === null || processing) return;
    if (!me) {
      setError("User not authenticated");
      return;
    }
    setProcessing(true);
    setError(null);
    try {
      const { url } = await startCheckout({ credits, currency: form.currency, mode: form.mode });
      if (!url) throw new Error("No checkout URL received");
      window.location.assign(url);
    } catch (failure) {
      setError(
        failure instanceof ApiError || failure instanceof Error ? failure.message : "An unexpected error occurred",
      );
      setProcessing(false);
    }
  };

  const submitLabel = form.mode === "subscription" ? "Start Subscription" : "Buy Credits";
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <InputField
        label="Credits"
        inputMode="numeric"
        autoComplete="off"
        value={form.credits}
        onChange={(event) => form.typeCredits(event.target.value)}
        onBlur={form.leaveCredits}
      />
      <div className="grid grid-cols-[8rem_1fr] gap-3">
        <div>
          <label htmlFor="purchase-currency" className="block text-sm font-medium">
            Currency
          </label>
          <select
            id="purchase-currency"
            className={SELECT_CLASS}
            value={form.currency}
            onChange={(event) => form.chooseCurrency(event.target.value as Currency)}
          >
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code} ({CURRENCY_INFO[code].symbol})
              </option>
            ))}
          </select>
        </div>
        <InputField
          label={`Amount (${form.currency})`}
          inputMode="decimal"
          autoComplete="off"
          value={form.amount}
          onChange={(event) => form.typeAmount(event.target.value)}
          onBlur={form.leaveAmount}
        />
      </div>
      <PriceLine form={form} />
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={!form.valid || processing}>
        {processing ? "Processing..." : submitLabel}
      </Button>
    </form>
  );
};
