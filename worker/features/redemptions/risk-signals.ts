import { z } from "@hono/zod-openapi";
import { RISK_REASONS, type RiskReason } from "#shared/redemption-risk";
import { REDEMPTION_RISK } from "../../config";
import type { DataContext } from "../../db/data-context";
import type { AwardSignals } from "./award-signals";
import { readRiskRows, type RiskRequest } from "./risk-rows";

const DAY_MS = 24 * 60 * 60 * 1000;

const count = (description: string) => z.number().int().min(0).openapi({ description });

export const riskSignalsSchema = z
  .object({
    accountAgeDays: count("Whole days from the account's sign-up to this request"),
    sameIpAccounts: count("Other accounts that signed up from the same address (IPv6: the same /64)"),
    samePayoutEmailAccounts: count(
      "Other accounts that use this request's payout email, to sign in or on a redemption",
    ),
    sameReferralAccounts: count("Other accounts with the same referrer, its referrer, and accounts it referred"),
    linkedAccounts: count("Distinct accounts linked by any of the three"),
    pickWinnings: count("Credits its won picks paid"),
    oppositeSideWinnings: count("Of those, credits from questions where a linked account took the other side"),
    awardFundedWinnings: count("Credits paid by picks bought with awarded credits (never redeemable)"),
    recentAwards: count("Credits admins awarded this account in the last 30 days"),
    awardedBy: z.array(z.string()).openapi({ description: "Usernames of the admins who made those awards" }),
    highRisk: z.boolean(),
    reasons: z.array(z.enum(RISK_REASONS)).openapi({ description: "Why it is high risk; empty when it is not" }),
  })
  .openapi("RedemptionRiskSignals");

export type RiskSignals = z.infer<typeof riskSignalsSchema>;
type Measures = Omit<RiskSignals, "highRisk" | "reasons">;

/** The documented rule (docs/decisions/0015-redemption-risk.md); thresholds live in config. */
const riskReasons = (m: Measures): RiskReason[] => {
  const reasons: RiskReason[] = [];
  if (m.oppositeSideWinnings > 0) reasons.push("opposite_side_winnings");
  if (m.samePayoutEmailAccounts > 0) reasons.push("shared_payout_email");
  if (m.awardFundedWinnings > 0) reasons.push("award_funded_winnings");
  if (m.recentAwards > 0) reasons.push("recent_awards");
  if (
    m.accountAgeDays < REDEMPTION_RISK.newAccountDays &&
    m.linkedAccounts >= REDEMPTION_RISK.newAccountLinkedAccounts
  ) {
    reasons.push("new_account_with_links");
  }
  return reasons;
};

/**
 * The risk signals of the given redemptions, by redemption id (risk-rows.ts), with the award signals of their players
 * read meanwhile (award-signals.ts).
 */
export const loadRiskSignals = async (
  data: DataContext,
  requests: RiskRequest[],
  awarded: Promise<Map<string, AwardSignals>>,
): Promise<Map<string, RiskSignals>> => {
  if (requests.length === 0) return new Map();
  const [results, awards] = await Promise.all([readRiskRows(data, requests), awarded]);
  const owners = new Map(requests.map(({ id, userId }) => [id, userId]));
  return new Map(
    results.map((row) => {
      const award = awards.get(owners.get(row.rid) ?? "");
      const measures: Measures = {
        accountAgeDays: Math.max(0, Math.floor(row.age_ms / DAY_MS)),
        sameIpAccounts: row.same_ip,
        samePayoutEmailAccounts: row.same_email,
        sameReferralAccounts: row.same_referral,
        linkedAccounts: row.linked,
        pickWinnings: row.pick_winnings,
        oppositeSideWinnings: row.opposite_winnings,
        awardFundedWinnings: award?.awardFundedWinnings ?? 0,
        recentAwards: award?.recentAwards ?? 0,
        awardedBy: award?.awardedBy ?? [],
      };
      const reasons = riskReasons(measures);
      return [row.rid, { ...measures, highRisk: reasons.length > 0, reasons }];
    }),
  );
};
