/** Why the admin's redemption queue marks a request high risk (docs/decisions/0015-redemption-risk.md). */
export const RISK_REASONS = [
  "opposite_side_winnings",
  "shared_payout_email",
  "new_account_with_links",
  "award_funded_winnings",
  "recent_awards",
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

export const RISK_REASON_LABELS: Record<RiskReason, string> = {
  opposite_side_winnings: "won against a linked account",
  shared_payout_email: "payout email used by another account",
  new_account_with_links: "new account with many linked accounts",
  award_funded_winnings: "won with awarded credits",
  recent_awards: "received awarded credits in the last 30 days",
};
