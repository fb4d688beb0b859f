import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { Page } from "../components/page";
import { useAuth } from "../features/auth/auth-queries";
import { PERIODS, type LeaderboardEntry, type Period } from "../features/community/community-queries";
import { PeriodFilter } from "../features/community/period-filter";
import { UserStatsDialog } from "../features/community/user-stats-dialog";
import { oneOf } from "../lib/search-params";
import { ContestsSection } from "./-leaderboard/contests-section";
import { StandingsList } from "./-leaderboard/standings-list";

/** The URL says ?days=3 or ?days=7; no days means all time. */
const toPeriod = (days: unknown): Period => oneOf(String(days), PERIODS.map((p) => p.value).filter((p) => p !== "all"), "all");

const Leaderboard = () => {
  const { me } = useAuth();
  const period = toPeriod(Route.useSearch().days);
  const navigate = Route.useNavigate();
  const [selected, setSelected] = useState<LeaderboardEntry | null>(null);
  const viewer = me?.user.id ?? null;

  return (
    <Page title="Standings" width="medium">
      <div className="space-y-6">
        <ContestsSection viewer={viewer} />
        <section aria-label="Leaderboard" className="space-y-3">
          <PeriodFilter value={period} onChange={(next) => void navigate({ search: next === "all" ? {} : { days: Number(next) }, replace: true })} label="Standings period" />
          <StandingsList period={period} viewer={viewer} onOpen={setSelected} />
        </section>
      </div>
      {selected ? <UserStatsDialog user={selected} initialPeriod={period} onClose={() => setSelected(null)} /> : null}
    </Page>
  );
};

export const Route = createFileRoute("/leaderboard")({
  validateSearch: (search: Record<string, unknown>): { days?: number } => {
    const period = toPeriod(search.days);
    return period === "all" ? {} : { days: Number(period) };
  },
  component: Leaderboard,
});
