import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState } from "../../components/page";
import { Button } from "../../components/ui/button";
import { client, unwrap } from "../../lib/api";
import type { RedemptionStatus } from "../redemptions/redemption-queries";
import { RedemptionDecision } from "./redemption-decision";

const STATUSES: { value: RedemptionStatus; label: string }[] = [
  { value: "pending", label: "Pending" },
  { value: "fulfilled", label: "Fulfilled" },
  { value: "rejected", label: "Rejected" },
];

const useAdminRedemptions = (status: RedemptionStatus) =>
  useInfiniteQuery({
    queryKey: ["admin", "redemptions", status],
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        client.admin.redemptions.$get(
          { query: { status, ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 15_000,
  });

/** Gift card and cash-out requests for admins: pending first, each fulfilled with a note or rejected (refunded). */
export const RedemptionsPanel = () => {
  const [status, setStatus] = useState<RedemptionStatus>("pending");
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useAdminRedemptions(status);
  const items = data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="space-y-4" aria-label="Redemptions">
      <div role="radiogroup" aria-label="Redemption status" className="flex gap-2">
        {STATUSES.map((s) => (
          <button
            key={s.value}
            type="button"
            role="radio"
            aria-checked={status === s.value}
            onClick={() => setStatus(s.value)}
            className={`rounded-full border px-3 py-1 text-sm ${status === s.value ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 dark:border-slate-700"}`}
          >
            {s.label}
          </button>
        ))}
      </div>
      {isError ? <p role="alert">Error loading data</p> : null}
      {isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {data && items.length === 0 ? <EmptyState title={`No ${status} redemptions`} /> : null}
      {items.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {items.map((r) => (
            <RedemptionDecision key={r.id} redemption={r} />
          ))}
        </ul>
      ) : null}
      {hasNextPage ? (
        <Button variant="secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </section>
  );
};
