import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { riskHeadline, riskSignals, RiskSignals, type RedemptionRisk } from "./redemption-risk";

const quiet: RedemptionRisk = {
  accountAgeDays: 40,
  sameIpAccounts: 0,
  samePayoutEmailAccounts: 0,
  sameReferralAccounts: 1,
  linkedAccounts: 1,
  pickWinnings: 12,
  oppositeSideWinnings: 0,
  awardFundedWinnings: 0,
  recentAwards: 0,
  awardedBy: [],
  highRisk: false,
  reasons: [],
};

const risky: RedemptionRisk = {
  ...quiet,
  accountAgeDays: 1,
  sameIpAccounts: 3,
  linkedAccounts: 4,
  oppositeSideWinnings: 4,
  awardFundedWinnings: 8,
  recentAwards: 500,
  awardedBy: ["OtherAdmin", "PickstreakAdmin"],
  highRisk: true,
  reasons: ["opposite_side_winnings", "new_account_with_links", "award_funded_winnings", "recent_awards"],
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("RiskSignals", () => {
  it("lists every signal as a labelled term, bold where it is not zero", () => {
    expect(riskSignals(risky).map((signal) => `${signal.label}: ${signal.value}`)).toEqual([
      "Account age: 1 day",
      "Linked accounts: 4",
      "Same sign-up IP: 3",
      "Same payout email: 0",
      "Same referrer or referral: 1",
      "Won against linked accounts: 4 of 12 credits",
      "Won with awarded credits: 8 credits",
      "Awarded in 30 days: 500 credits by OtherAdmin, PickstreakAdmin",
    ]);
    expect(
      riskSignals(quiet)
        .filter((signal) => signal.notable)
        .map((signal) => signal.label),
    ).toEqual(["Linked accounts", "Same referrer or referral"]);
  });

  it("says 'High risk' and why in words, not by colour alone, and nothing of the kind otherwise", () => {
    const html = renderToStaticMarkup(<RiskSignals risk={risky} />);
    expect(text(html)).toContain("High risk: won against a linked account; new account with many linked accounts");
    expect(html).toContain('data-high-risk="true"');
    expect(html).toContain('aria-label="Risk signals"');
    expect(riskHeadline(risky)).toMatch(/^High risk: /);

    const calm = renderToStaticMarkup(<RiskSignals risk={quiet} />);
    expect(text(calm)).not.toContain("High risk");
    expect(text(calm)).toContain("Account age: 40 days");
  });
});
