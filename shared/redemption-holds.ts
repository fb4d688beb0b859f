/**
 * Why a pending redemption was put on hold: a refund or a dispute took purchased credits back from its player.
 * The admin queue (API and page) names the cause; only an admin's release or rejection ends the hold.
 */
export const HOLD_CAUSES = ["charge_refunded", "dispute_opened"] as const;
export type HoldCause = (typeof HOLD_CAUSES)[number];

export const HOLD_CAUSE_LABELS: Record<HoldCause, string> = {
  charge_refunded: "Charge refunded",
  dispute_opened: "Dispute opened",
};
