import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Contest } from "../../features/community/contest-queries";
import { useCountdown } from "../../features/feed/countdown";
import { ContestJoin } from "./contest-join";
import { ContestStandings } from "./contest-standings";
import { PrizeTiers } from "./prize-tiers";

/** 'Starts in' before the start, 'Ends in' while running; at zero the contests are read again for the new state. */
const Countdown = ({ contest }: { contest: Contest }) => {
  const upcoming = contest.status === "upcoming";
  const left = useCountdown(upcoming ? contest.startsAt : contest.endsAt);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (left === "Expired") void queryClient.invalidateQueries({ queryKey: ["contests"] });
  }, [left, queryClient]);
  return (
    <p className="text-sm font-semibold text-amber-700 dark:text-amber-400" data-testid="contest-countdown">
      {upcoming ? "Starts in" : "Ends in"} {left}
    </p>
  );
};

export const ContestCard = ({ contest, viewer }: { contest: Contest; viewer: string | null }) => {
  const ended = contest.status === "ended";
  return (
    <article
      className="space-y-3 rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
      data-testid="contest-card"
      aria-label={contest.title}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-bold">{contest.title}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {contest.durationDays}-day challenge · {contest.entrants} {contest.entrants === 1 ? "player" : "players"} ·{" "}
            {contest.entryFee} credits to enter
          </p>
        </div>
        {ended ? <p className="text-sm font-semibold">Challenge Ended</p> : <Countdown contest={contest} />}
      </header>
      {ended && contest.me ? (
        <p role="status" className="text-sm">
          You finished #{contest.me.rank}
          {contest.me.prize > 0 ? ` and won ${contest.me.prize} credits` : ""}.
        </p>
      ) : null}
      {ended ? null : <ContestJoin contest={contest} />}
      <ContestStandings contest={contest} viewer={viewer} />
      <PrizeTiers prizes={contest.prizes} />
    </article>
  );
};
