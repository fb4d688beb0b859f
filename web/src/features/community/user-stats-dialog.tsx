import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Dialog } from "../../components/ui/dialog";
import { ApiError } from "../../lib/api";
import { formatWinRate } from "../../lib/format";
import { CountryFlag } from "../auth/country-flag";
import { userStatsQueryOptions, type Period, type UserStats } from "./community-queries";
import { FormStrip } from "./form-strip";
import { monthYear, rankLabel, shortDate } from "./format";
import { PeriodFilter } from "./period-filter";

type Props = {
  user: { userId: string; username: string; country: string };
  initialPeriod: Period;
  onClose: () => void;
};

const RESULT = {
  win: { label: "Win", className: "bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100" },
  loss: { label: "Loss", className: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100" },
  void: { label: "Void", className: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100" },
} as const;

const Stat = ({ label, value }: { label: string; value: string | number }) => (
  <div className="rounded-xl bg-slate-100 p-3 text-center dark:bg-slate-800">
    <dd className="text-lg font-bold">{value}</dd>
    <dt className="text-xs text-slate-700 dark:text-slate-300">{label}</dt>
  </div>
);

const StatsBody = ({ stats }: { stats: UserStats }) => (
  <div className="space-y-4">
    <dl className="grid grid-cols-3 gap-2" data-testid="stats-grid">
      <Stat label="Total Picks" value={stats.totalPicks} />
      <Stat label="Wins" value={stats.totalWins} />
      <Stat label="Win Rate" value={formatWinRate(stats.winRate)} />
      <Stat label="Current Streak" value={stats.currentStreak} />
      <Stat label="Best Streak" value={stats.maxStreak} />
      <Stat label="Rank" value={rankLabel(stats)} />
    </dl>
    <FormStrip activity={stats.recentActivity} />
    <section>
      <h3 className="mb-2 text-sm font-semibold">Recent Activity</h3>
      {stats.recentActivity.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No resolved picks in this period.</p>
      ) : (
        <ul className="space-y-2">
          {stats.recentActivity.map((item) => (
            <li key={item.pickId} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate">{item.text}</span>
              <span className="flex shrink-0 items-center gap-2">
                <span className="text-xs text-slate-600 dark:text-slate-400">{shortDate(item.date)}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${RESULT[item.result].className}`}>
                  {RESULT[item.result].label}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
    <p className="text-sm text-slate-600 dark:text-slate-400">Member since {monthYear(stats.joinedDate)}</p>
  </div>
);

/** A player's stats from the boards: the grid, rank, recent activity and member-since date, per period. */
export const UserStatsDialog = ({ user, initialPeriod, onClose }: Props) => {
  const [period, setPeriod] = useState(initialPeriod);
  const { data, error, isPending, refetch } = useQuery(userStatsQueryOptions(user.userId, period));
  const missing = error instanceof ApiError && error.status === 404;

  const title = (
    <span className="flex items-center gap-2">
      <CountryFlag code={data?.country ?? user.country} />
      {data?.username ?? user.username}
    </span>
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description="Player statistics">
      <div className="space-y-4">
        <PeriodFilter value={period} onChange={setPeriod} label="Statistics period" />
        {isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
        {missing ? <p>No statistics available for this user.</p> : null}
        {error && !missing ? (
          <p role="alert" className="text-sm">
            Failed to load user statistics{" "}
            <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
              Try again
            </button>
          </p>
        ) : null}
        {data ? <StatsBody stats={data} /> : null}
      </div>
    </Dialog>
  );
};
