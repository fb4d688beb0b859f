import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { EmptyState, Page } from "../components/page";
import { requireSignIn } from "../features/auth/require-sign-in";
import { markPicksViewed } from "../features/picks/last-viewed";
import { NeedsConnection, waitsForNetwork } from "../features/pwa/waiting-for-network";
import {
  myPicksQueryOptions,
  pickRecordQueryOptions,
  pickStatsQueryOptions,
  type PickStatus,
} from "../features/picks/picks-queries";
import { formatWinRate } from "../lib/format";
import { waitForPageData } from "../lib/page-data";
import { PickRecordCharts } from "./-picks/pick-record";
import { PickRowItem } from "./-picks/pick-row";

const FILTERS: { value: PickStatus | "all"; label: string }[] = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "won", label: "Won" },
  { value: "lost", label: "Lost" },
  { value: "void", label: "Void" },
];

const Stat = ({ label, value }: { label: string; value: string | number }) => (
  <div className="rounded-xl bg-slate-100 p-3 text-center dark:bg-slate-800">
    <dd className="text-xl font-bold">{value}</dd>
    <dt className="text-xs text-slate-700 dark:text-slate-300">{label}</dt>
  </div>
);

const MyPicks = () => {
  const { me } = Route.useRouteContext();
  const picks = useQuery(myPicksQueryOptions);
  const stats = useQuery(pickStatsQueryOptions);
  const [filter, setFilter] = useState<PickStatus | "all">("all");
  useEffect(() => markPicksViewed(me.user.id), [me.user.id, picks.dataUpdatedAt]);

  const items = (picks.data?.items ?? []).filter((p) => filter === "all" || p.status === filter);
  return (
    <Page title="My Picks">
      {stats.data ? (
        <dl className="mb-4 grid grid-cols-3 gap-2 sm:grid-cols-6">
          <Stat label="Picks" value={stats.data.totalPicks} />
          <Stat label="Active" value={stats.data.activePicks} />
          <Stat label="Win rate" value={formatWinRate(stats.data.winRate)} />
          <Stat label="Spent" value={stats.data.totalSpent} />
          <Stat label="Earned" value={stats.data.totalEarned} />
          <Stat label="Net" value={stats.data.netProfit} />
        </dl>
      ) : null}
      <PickRecordCharts />
      <div className="mb-4 flex gap-2 overflow-x-auto" role="group" aria-label="Filter picks">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={`rounded-full border px-3 py-1 text-sm ${filter === f.value ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 dark:border-slate-700"}`}
          >
            {f.label}
          </button>
        ))}
      </div>
      {picks.isError ? <p role="alert">Error loading data</p> : null}
      {waitsForNetwork(picks) ? <NeedsConnection what="Your picks need" /> : null}
      {picks.data && items.length === 0 ? (
        <EmptyState title={filter === "all" ? "You have not made any picks yet" : "No picks here"}>
          <Link to="/home" className="font-semibold text-brand-700 underline dark:text-brand-500">
            Browse questions
          </Link>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {items.map((pick) => (
            <PickRowItem key={pick.id} pick={pick} />
          ))}
        </ul>
      )}
    </Page>
  );
};

export const Route = createFileRoute("/picks")({
  beforeLoad: requireSignIn,
  loader: ({ context: { queryClient } }) =>
    waitForPageData(
      queryClient.ensureQueryData(myPicksQueryOptions),
      queryClient.ensureQueryData(pickStatsQueryOptions),
      queryClient.ensureQueryData(pickRecordQueryOptions),
    ),
  component: MyPicks,
});
