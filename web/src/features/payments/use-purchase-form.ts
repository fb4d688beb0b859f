import { useState } from "react";
import { priceFor, type Currency, type PurchaseMode } from "#shared/pricing";
import {
  amountForCredits,
  canPurchase,
  creditsForTypedAmount,
  settledCredits,
  typedAmount,
  typedCredits,
} from "./purchase-inputs";

const START_CREDITS = "5";

/**
 * The Add Credits form's state: it starts one-time with 5 credits (the dialog mounts fresh on each open);
 * switching to subscription keeps the one-time count aside and starts at 5, switching back restores it.
 */
export const usePurchaseForm = (rates: Record<Currency, number>) => {
  const [mode, setModeState] = useState<PurchaseMode>("payment");
  const [credits, setCredits] = useState(START_CREDITS);
  const [storedOneTime, setStoredOneTime] = useState(START_CREDITS);
  const [currency, setCurrency] = useState<Currency>("USD");
  // While the player types an amount it is shown as typed; otherwise the amount follows the credits.
  const [amountDraft, setAmountDraft] = useState<string | null>(null);
  const rate = rates[currency];

  const setMode = (next: PurchaseMode) => {
    if (next === mode) return;
    if (next === "subscription") {
      setStoredOneTime(credits);
      setCredits(START_CREDITS);
    } else {
      setCredits(storedOneTime);
    }
    setAmountDraft(null);
    setModeState(next);
  };

  const count = Number(credits);
  const valid = canPurchase(credits, mode);

  return {
    mode,
    setMode,
    credits,
    currency,
    valid,
    price: valid ? priceFor(count, mode, currency, rate) : null,
    amount: amountDraft ?? amountForCredits(credits, mode, currency, rate),
    typeCredits: (raw: string) => {
      setAmountDraft(null);
      setCredits(typedCredits(raw));
    },
    leaveCredits: () => setCredits((value) => settledCredits(value, mode)),
    typeAmount: (raw: string) => {
      const next = typedAmount(raw, amountDraft ?? amountForCredits(credits, mode, currency, rate));
      setAmountDraft(next);
      setCredits(creditsForTypedAmount(next, mode, currency, rate));
    },
    leaveAmount: () => setAmountDraft(null),
    chooseCurrency: (next: Currency) => {
      setAmountDraft(null);
      setCurrency(next);
    },
    /** The count to buy, with the 1-to-4 rule applied as if the field had been left. */
    settle: () => {
      const settled = settledCredits(credits, mode);
      setCredits(settled);
      return canPurchase(settled, mode) ? Number(settled) : null;
    },
  };
};

export type PurchaseForm = ReturnType<typeof usePurchaseForm>;
