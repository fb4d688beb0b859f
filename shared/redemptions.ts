/**
 * The redemption rules and wording (docs/product-rules.md), shared by the gift card panel, the Redeem Credits modal and the API so
 * a refusal reads the same wherever it is caught. Limits (minimum, maximum, dollars per credit) come from the API.
 */

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
  cashTag: error("Invalid Cash App Tag", "Your Cash App tag must start with $"),
  reward: error("Gift Card Unavailable", "This gift card is not available"),
  country: error("Redemption Unavailable", "Redemptions are not available in your country"),
  signIn: error("Authentication Required", "Please log in to redeem credits."),
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

export const isVenmoUsername = (value: string) => value.startsWith("@") && value.length > 1;
export const isCashTag = (value: string) => value.startsWith("$") && value.length > 1;

/** Whole cents, never floating dollars: value = credits x dollars-per-credit. */
export const redemptionValueCents = (credits: number, usdPerCredit: number) => credits * Math.round(usdPerCredit * 100);

export const formatUsd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
