import { CLAIM_MODAL_SUPPRESS_MS } from "../../lib/constants";

export const CLAIM_DISMISSED_KEY = "claim-modal-dismissed-at";

/** The claim modal stays away for 24 h after a dismissal. */
export const isClaimSuppressed = (dismissedAt: string | null, now = Date.now()) => {
  const at = Number(dismissedAt);
  return Number.isFinite(at) && at > 0 && now - at < CLAIM_MODAL_SUPPRESS_MS;
};
