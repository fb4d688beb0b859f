import {
  CREDIT_LIMITS,
  CURRENCY_INFO,
  creditsForAmount,
  priceFor,
  type Currency,
  type PurchaseMode,
} from "#shared/pricing";

/** The input rules for the Add Credits form, kept apart from React so they can be tested directly. */

const MAX_CREDITS = CREDIT_LIMITS.payment.max;
const MAX_AMOUNT = 99_999;

/** Credits field while typing: digits only, capped at the maximum; empty is allowed. */
export const typedCredits = (raw: string) => {
  const digits = raw.replace(/\D/g, "");
  if (digits === "") return "";
  return String(Math.min(Number(digits), MAX_CREDITS));
};

/** Credits field when it is left: a one-time count of 1 to 4 becomes the minimum of 5. */
export const settledCredits = (value: string, mode: PurchaseMode) => {
  const count = Number(value);
  const { min } = CREDIT_LIMITS[mode];
  return value !== "" && count > 0 && count < min ? String(min) : value;
};

/** Amount field while typing: digits and one dot, at most two decimals, at most 99999; anything else keeps `previous`. */
export const typedAmount = (raw: string, previous: string) => {
  if (!/^\d*\.?\d{0,2}$/.test(raw)) return previous;
  if (raw !== "" && raw !== "." && Number(raw) > MAX_AMOUNT) return previous;
  return raw;
};

const toMinorUnits = (amount: string, currency: Currency) => Number(amount) * 10 ** CURRENCY_INFO[currency].decimals;

/** The credits an amount buys: the largest count whose price fits (999 above the top price), or "" when none does. */
export const creditsForTypedAmount = (amount: string, mode: PurchaseMode, currency: Currency, rate: number) => {
  if (amount === "" || amount === ".") return "";
  const credits = creditsForAmount(toMinorUnits(amount, currency), mode, currency, rate);
  return credits > 0 ? String(credits) : "";
};

/** The amount field's text for a credit count: the price in major units, without the symbol. */
export const amountForCredits = (credits: string, mode: PurchaseMode, currency: Currency, rate: number) => {
  if (credits === "" || Number(credits) === 0) return "";
  const { decimals } = CURRENCY_INFO[currency];
  return (priceFor(Number(credits), mode, currency, rate).amount / 10 ** decimals).toFixed(decimals);
};

export const canPurchase = (credits: string, mode: PurchaseMode) => {
  const count = Number(credits);
  return credits !== "" && count >= CREDIT_LIMITS[mode].min && count <= CREDIT_LIMITS[mode].max;
};
