import { STAFF_PLAY_MESSAGE } from "./staff";
/**
 * The redemption rules and wording (docs/product-rules.md), shared by the gift card panel, the Redeem Credits modal and the API so
 * a refusal reads the same wherever it is caught. Limits (minimum, maximum, dollars per credit) come from the API.
 */
import { lazily } from "./lazily";

export type RedemptionError = { title: string; message: string };

const error = (title: string, message: string): RedemptionError => ({ title, message });

export const REDEMPTION_ERRORS = {
  minimum: (min: number) => error("Invalid Amount", `Minimum amount is ${min} credits`),
  maximum: (max: number) => error("Invalid Amount", `Maximum amount is ${max} credits`),
  wholeNumber: error("Invalid Amount", "Please enter a whole number of credits"),
  insufficient: error("Insufficient Credits", "You don't have enough credits for this redemption"),
  emailRequired: error("Email Required", "Please enter your email address"),
  emailInvalid: error("Invalid Email", "Please enter a valid email address"),
  ageRequired: error("Age Confirmation Required", "You must confirm you are 18 or older to redeem"),
  method: error("Choose a Method", "Please choose how you want to redeem"),
  venmo: error("Invalid Venmo Username", "Your Venmo username must start with @"),
  venmoEmpty: error("Invalid Venmo Username", "Add your Venmo username after the @, for example @jane-doe"),
  cashTag: error("Invalid Cash App Tag", "Your Cash App tag must start with $"),
  cashTagEmpty: error("Invalid Cash App Tag", "Add your Cash App tag after the $, for example $janedoe"),
  reward: error("Gift Card Unavailable", "This gift card is not available"),
  country: error("Redemption Unavailable", "Redemptions are not available in your country"),
  signIn: error("Authentication Required", "Please log in to redeem credits."),
  staff: error("Not Available to Staff", STAFF_PLAY_MESSAGE),
} as const;

export const CASH_OUT_METHODS = ["visa", "mastercard", "venmo", "cashapp"] as const;
export type CashOutMethod = (typeof CASH_OUT_METHODS)[number];

export const CASH_OUT_METHOD_LABELS: Record<CashOutMethod, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  venmo: "Venmo",
  cashapp: "Cash App",
};

/** The gift card panel's green tick (and its submit rule): an at-sign and more than 5 characters. */
export const isConfirmableEmail = (email: string) => email.includes("@") && email.trim().length > 5;

/** Cash-out email: an at-sign, a dot, and more than 5 characters. */
export const isCashOutEmail = (email: string) => {
  const trimmed = email.trim();
  return trimmed.includes("@") && trimmed.includes(".") && trimmed.length > 5;
};

/** What is wrong with a cash-out's payout handle, said precisely (null when it is fine or the method needs none). */
export const payoutHandleProblem = (method: CashOutMethod, handle: string): RedemptionError | null => {
  const value = handle.trim();
  if (method === "venmo")
    return value === "@" ? REDEMPTION_ERRORS.venmoEmpty : value.startsWith("@") ? null : REDEMPTION_ERRORS.venmo;
  if (method === "cashapp")
    return value === "$" ? REDEMPTION_ERRORS.cashTagEmpty : value.startsWith("$") ? null : REDEMPTION_ERRORS.cashTag;
  return null;
};

/** Where a cash-out's money goes, for the success message. */
export const cashOutDestination = (method: CashOutMethod, handle: string, email: string): string => {
  if (method === "venmo")
    return `Your Venmo payment to ${handle.trim()} is being processed; it usually takes 1 business day.`;
  if (method === "cashapp")
    return `Your Cash App payment to ${handle.trim()} is being processed; it usually takes 1 business day.`;
  return `Your ${CASH_OUT_METHOD_LABELS[method]} prepaid card will be emailed to ${email.trim()}; it usually takes 1 business day.`;
};

/** What a player calls one of their redemptions: "Amazon gift card for $6.00", "Venmo cash-out for $12.00". */
export const redemptionLabel = (redemption: {
  method: CashOutMethod | null;
  rewardName: string | null;
  valueCents: number;
}) => {
  const value = formatUsd(redemption.valueCents);
  return redemption.method
    ? `${CASH_OUT_METHOD_LABELS[redemption.method]} cash-out for ${value}`
    : `${redemption.rewardName ?? "Gift card"} gift card for ${value}`;
};

/** Whole cents, never floating dollars: value = credits x dollars-per-credit. */
export const redemptionValueCents = (credits: number, usdPerCredit: number) => credits * Math.round(usdPerCredit * 100);

const usd = lazily(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }));

export const formatUsd = (cents: number) => usd().format(cents / 100);
