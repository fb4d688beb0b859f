import { z } from "@hono/zod-openapi";
import { RISK_REASONS, type RiskReason } from "#shared/redemption-risk";
import { REDEMPTION_RISK } from "../../config";
import { shardMap } from "../../db/shards";
import type { AwardSignals } from "./award-signals";
import { ACCOUNT_LINKS, PAYOUT_EMAIL_LINKS } from "./risk-links";
import { riskRowsAcrossShards } from "./risk-signals-shards";

const DAY_MS = 24 * 60 * 60 * 1000;

const count = (description: string) => z.number().int().min(0).openapi({ description });

export const riskSignalsSchema = z
  .object({
    accountAgeDays: count("Whole days from the account's sign-up to this request"),
    sameIpAccounts: count("Other accounts that signed up from the same address (IPv6: the same /64)"),
    samePayoutEmailAccounts: count("Other accounts that use this request's payout email, to sign in or on a redemption"),
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

/** The documented rule (docs/decisions/redemption-risk.md); thresholds live in config. */
const riskReasons = (m: Measures): RiskReason[] => {
  const reasons: RiskReason[] = [];
  if (m.oppositeSideWinnings > 0) reasons.push("opposite_side_winnings");
  if (m.samePayoutEmailAccounts > 0) reasons.push("shared_payout_email");
  if (m.awardFundedWinnings > 0) reasons.push("award_funded_winnings");
  if (m.recentAwards > 0) reasons.push("recent_awards");
  if (m.accountAgeDays < REDEMPTION_RISK.newAccountDays && m.linkedAccounts >= REDEMPTION_RISK.newAccountLinkedAccounts) {
    reasons.push("new_account_with_links");
  }
  return reasons;
};

/*
 * One statement for a whole page. `links` pairs each request with every other account linked to its account
 * (risk-links.ts). `hedged` is each won pick of the requester on a question where a linked account chose the other
 * answer; the CROSS JOINs keep SQLite walking from the linked accounts' picks (by user) to the requester's (by user
 * and question) rather than through every won pick.
 */
const RISK_SQL = `
WITH req AS (
  SELECT g.id AS rid, g.user_id, g.user_email, g.created_at - u.created_at AS age_ms, u.signup_ip, u.referred_by
  FROM json_each(?1) page JOIN gift_card_redemptions g ON g.id = page.value JOIN users u ON u.id = g.user_id
),
links(rid, user_id, via) AS (${ACCOUNT_LINKS} UNION ${PAYOUT_EMAIL_LINKS}),
counts AS (
  SELECT rid, COUNT(DISTINCT CASE via WHEN 'ip' THEN user_id END) AS same_ip,
         COUNT(DISTINCT CASE via WHEN 'email' THEN user_id END) AS same_email,
         COUNT(DISTINCT CASE via WHEN 'referral' THEN user_id END) AS same_referral,
         COUNT(DISTINCT user_id) AS linked
  FROM links GROUP BY rid
),
hedged AS (
  SELECT DISTINCT l.rid, p.id, p.actual_payout
  FROM links l CROSS JOIN req r CROSS JOIN user_picks o CROSS JOIN user_picks p
  WHERE r.rid = l.rid AND o.user_id = l.user_id AND p.user_id = r.user_id AND p.question_id = o.question_id
    AND p.status = 'won' AND p.choice <> o.choice
),
opposite AS (SELECT rid, SUM(actual_payout) AS credits FROM hedged GROUP BY rid)
SELECT r.rid, r.age_ms,
       COALESCE(c.same_ip, 0) AS same_ip, COALESCE(c.same_email, 0) AS same_email,
       COALESCE(c.same_referral, 0) AS same_referral, COALESCE(c.linked, 0) AS linked,
       (SELECT COALESCE(SUM(actual_payout), 0) FROM user_picks WHERE user_id = r.user_id AND status = 'won') AS pick_winnings,
       COALESCE(o.credits, 0) AS opposite_winnings
FROM req r LEFT JOIN counts c ON c.rid = r.rid LEFT JOIN opposite o ON o.rid = r.rid`;

/** A redemption the queue lists: whose it is, the payout email it asked for, and when. */
export type RiskRequest = { id: string; userId: string; email: string; createdAt: number };

/** What both ways of measuring a page answer per redemption, in SQL's names. */
export type RiskRow = {
  rid: string;
  age_ms: number;
  same_ip: number;
  same_email: number;
  same_referral: number;
  linked: number;
  pick_winnings: number;
  opposite_winnings: number;
};

/**
 * The risk signals of the given redemptions, by redemption id, with the award signals of their players read
 * meanwhile (award-signals.ts). Where the players are in the catalogue it is one query
 * whatever the number of requests; otherwise the directory and every shard are asked (risk-signals-shards.ts).
 */
export const loadRiskSignals = async (
  env: Env,
  requests: RiskRequest[],
  awarded: Promise<Map<string, AwardSignals>>,
): Promise<Map<string, RiskSignals>> => {
  if (requests.length === 0) return new Map();
  const [results, awards] = await Promise.all([
    shardMap(env).sharesCatalogue
      ? env.DB.prepare(RISK_SQL)
          .bind(JSON.stringify(requests.map(({ id }) => id)))
          .all<RiskRow>()
          .then(({ results }) => results)
      : riskRowsAcrossShards(env, requests),
    awarded,
  ]);
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
