import { RISK_REASON_LABELS } from "#shared/redemption-risk";
import type { client, Answer } from "../../lib/api";

/** What GET /api/admin/redemptions says about each request's account (docs/decisions/0015-redemption-risk.md). */
export type RedemptionRisk = Answer<typeof client.admin.redemptions.$get>["items"][number]["risk"];

type Signal = { label: string; value: string; notable: boolean };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The signals in reading order; `notable` ones are set in bold (the rule itself is spelled out in the badge). */
export const riskSignals = (risk: RedemptionRisk): Signal[] => [
  {
    label: "Account age",
    value: plural(risk.accountAgeDays, "day"),
    notable: risk.reasons.includes("new_account_with_links"),
  },
  { label: "Linked accounts", value: String(risk.linkedAccounts), notable: risk.linkedAccounts > 0 },
  { label: "Same sign-up IP", value: String(risk.sameIpAccounts), notable: risk.sameIpAccounts > 0 },
  {
    label: "Same payout email",
    value: String(risk.samePayoutEmailAccounts),
    notable: risk.samePayoutEmailAccounts > 0,
  },
  {
    label: "Same referrer or referral",
    value: String(risk.sameReferralAccounts),
    notable: risk.sameReferralAccounts > 0,
  },
  {
    label: "Won against linked accounts",
    value: `${risk.oppositeSideWinnings} of ${plural(risk.pickWinnings, "credit")}`,
    notable: risk.oppositeSideWinnings > 0,
  },
  {
    label: "Won with awarded credits",
    value: plural(risk.awardFundedWinnings, "credit"),
    notable: risk.awardFundedWinnings > 0,
  },
  {
    label: "Awarded in 30 days",
    value: risk.recentAwards > 0 ? `${plural(risk.recentAwards, "credit")} by ${risk.awardedBy.join(", ")}` : "none",
    notable: risk.recentAwards > 0,
  },
];

export const riskHeadline = (risk: RedemptionRisk) =>
  `High risk: ${risk.reasons.map((reason) => RISK_REASON_LABELS[reason]).join("; ")}`;

const WarningIcon = () => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    className="mt-px size-4 shrink-0"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01" />
  </svg>
);

/** The request's risk signals, compact enough to sit under it; a high-risk one says so in words and with an icon. */
export const RiskSignals = ({ risk }: { risk: RedemptionRisk }) => (
  <div
    data-testid="redemption-risk"
    data-high-risk={risk.highRisk}
    className={`rounded-lg border px-3 py-2 text-xs ${risk.highRisk ? "border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40" : "border-slate-200 dark:border-slate-800"}`}
  >
    {risk.highRisk ? (
      <p className="mb-1 flex items-start gap-1 font-semibold text-red-800 dark:text-red-200">
        <WarningIcon />
        <span>{riskHeadline(risk)}</span>
      </p>
    ) : null}
    <dl aria-label="Risk signals" className="flex flex-wrap gap-x-4 gap-y-0.5 wrap-anywhere">
      {riskSignals(risk).map((signal) => (
        <div key={signal.label} className="flex min-w-0 gap-1">
          <dt className="text-slate-600 dark:text-slate-400">{signal.label}:</dt>
          <dd className={signal.notable ? "font-semibold" : ""}>{signal.value}</dd>
        </div>
      ))}
    </dl>
  </div>
);
