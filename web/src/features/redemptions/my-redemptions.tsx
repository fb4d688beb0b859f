import { useQuery } from "@tanstack/react-query";
import { CASH_OUT_METHOD_LABELS, formatUsd } from "#shared/redemptions";
import { myRedemptionsQueryOptions, type Redemption, type RedemptionStatus } from "./redemption-queries";
import { formatCredits } from "../../lib/format";

const STATUS: Record<RedemptionStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100" },
  fulfilled: { label: "Fulfilled", className: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100" },
  rejected: { label: "Not approved", className: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100" },
};

export const redemptionTitle = (r: Redemption) =>
  r.kind === "gift_card"
    ? `${r.rewardName ?? "Gift"} gift card`
    : `${r.method ? CASH_OUT_METHOD_LABELS[r.method] : "Cash"} cash-out`;

export const StatusBadge = ({ status }: { status: RedemptionStatus }) => (
  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[status].className}`}>
    {STATUS[status].label}
  </span>
);

const day = (epochMs: number) =>
  new Date(epochMs).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/** The player's redemptions, newest first; rejected ones say their credits came back. */
export const MyRedemptions = () => {
  const { data } = useQuery(myRedemptionsQueryOptions);
  if (!data?.items.length) return null;
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold">Your redemptions</h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {data.items.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
            data-testid="my-redemption"
          >
            <div>
              <p className="font-semibold">
                {redemptionTitle(r)} · {formatUsd(r.valueCents)}
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                {formatCredits(r.creditsSpent)} · {day(r.createdAt)}
                {r.status === "rejected" ? " · credits returned" : ""}
              </p>
              {r.note ? <p className="mt-1 break-words text-slate-700 dark:text-slate-300">{r.note}</p> : null}
            </div>
            <StatusBadge status={r.status} />
          </li>
        ))}
      </ul>
    </section>
  );
};
