import type { ApiError } from "../../lib/api";

/** The promo wording; the server sends the same messages for the refusals it knows. */
export const PROMO_TEXT = {
  empty: "Please enter a promo code",
  signIn: "Please sign in to redeem promo codes",
  auth: "Authentication error. Please sign out and sign back in.",
  invalid: "Invalid or inactive promo code",
  failed: "Failed to redeem promo code. Please try again.",
  network: "Network error. Please check your connection and try again.",
} as const;

/** What the promo modal says about a failed redemption (null: not an API answer at all). */
export const promoErrorMessage = (error: ApiError | null) => {
  if (!error) return PROMO_TEXT.failed;
  if (error.status === 0) return PROMO_TEXT.network;
  if (error.status === 401) return PROMO_TEXT.auth;
  if (error.status === 404) return PROMO_TEXT.invalid;
  if (error.status >= 400 && error.status < 500 && error.status !== 429) return error.message || PROMO_TEXT.invalid;
  return error.status === 429 ? error.message : PROMO_TEXT.failed;
};
