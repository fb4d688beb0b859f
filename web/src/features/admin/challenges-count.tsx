import { useQuery } from "@tanstack/react-query";
import { challengeQueueQueryOptions } from "./score-feed-api";

/**
 * Beside the Challenges tab: how many challenged results and feed alerts wait for an admin, so neither sits unseen
 * until someone happens to open the tab. Nothing when there are none. The queue refetches every 30 s.
 */
export const ChallengesCount = () => {
  const { data } = useQuery(challengeQueueQueryOptions);
  const waiting = data ? data.items.length + data.alerts.length : 0;
  if (waiting === 0) return null;
  return (
    <span
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold text-slate-950"
      data-testid="challenges-count"
    >
      <span aria-hidden="true">{waiting}</span>
      <span className="sr-only">
        {`: ${data?.items.length ?? 0} challenged, ${data?.alerts.length ?? 0} feed ${data?.alerts.length === 1 ? "alert" : "alerts"}`}
      </span>
    </span>
  );
};
