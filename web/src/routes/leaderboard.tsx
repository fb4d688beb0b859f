import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import * as z from "zod/mini";
import { Page } from "../components/page";
import { ensureMe, useAuth } from "../features/auth/auth-queries";
import { leaderboardQueryOptions, type LeaderboardEntry, type Period } from "../features/community/community-queries";
import { contestsQueryOptions } from "../features/community/contest-queries";
import { PeriodFilter } from "../features/community/period-filter";
import { UserStatsDialog } from "../features/community/user-stats-dialog";
import { waitForPageData } from "../lib/page-data";
import { ContestsSection } from "./-leaderboard/contests-section";
import { StandingsList } from "./-leaderboard/standings-list";

/** The URL says ?days=3 or ?days=7; no days (or any other value) means all time. */
const searchSchema = z.object({ days: z.catch(z.optional(z.pipe(z.coerce.number(), z.literal([3, 7]))), undefined) });

const toPeriod = (days: 3 | 7 | undefined): Period => (days === undefined ? "all" : `${days}`);

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
          <PeriodFilter
            value={period}
            onChange={(next) => void navigate({ search: next === "all" ? {} : { days: Number(next) }, replace: true })}
            label="Standings period"
          />
          <StandingsList period={period} viewer={viewer} onOpen={setSelected} />
        </section>
      </div>
      {selected ? <UserStatsDialog user={selected} initialPeriod={period} onClose={() => setSelected(null)} /> : null}
    </Page>
  );
};

export const Route = createFileRoute("/leaderboard")({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ period: toPeriod(search.days) }),
  // The board and the challenges carry the viewer's own rows, so both wait for the session (at once for a visitor).
  loader: ({ context: { queryClient }, deps: { period } }) =>
    waitForPageData(
      ensureMe(queryClient).then((me) => {
        const viewer = me?.user.id ?? null;
        return Promise.all([
          queryClient.ensureInfiniteQueryData(leaderboardQueryOptions(period, viewer)),
          queryClient.ensureQueryData(contestsQueryOptions(viewer)),
        ]);
      }),
    ),
  component: Leaderboard,
});
