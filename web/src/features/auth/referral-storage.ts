/** The referral code a visitor arrived with, kept until they sign up. 'LOADING' is a placeholder some links carry. */
const PENDING_KEY = "pending-referral-code";
const PROCESSED_PREFIX = "referral-processed:";

const isUsable = (code: string | null | undefined): code is string =>
  Boolean(code && code.trim() && code.trim().toUpperCase() !== "LOADING");

export const rememberReferralCode = (code: string | null | undefined) => {
  if (!isUsable(code)) return;
  try {
    localStorage.setItem(PENDING_KEY, code.trim().toUpperCase());
  } catch {
    // Storage unavailable: the code still travels in the URL.
  }
};

export const pendingReferralCode = (fromUrl?: string | null): string | undefined => {
  if (isUsable(fromUrl)) return fromUrl.trim().toUpperCase();
  try {
    const stored = localStorage.getItem(PENDING_KEY);
    return isUsable(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
};

export const markReferralProcessed = (userId: string) => {
  try {
    localStorage.removeItem(PENDING_KEY);
    localStorage.setItem(`${PROCESSED_PREFIX}${userId}`, "1");
  } catch {
    // Nothing to clean up.
  }
};
