import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { formatDateTime } from "../../lib/format";
import { streakHistoryQueryOptions, type StreakEvent } from "./picks-queries";
import { StreakLine } from "./streak-line";

const OUTCOME_NAMES: Record<string, string> = {
  A: "A",
  B: "B",
  over: "Over",
  under: "Under",
  void: "Void",
  unresolved: "Unresolved",
};

const RESULT_HEADLINES: Record<StreakEvent["result"], string> = {
  won: "Won: +1",
  lost: "Lost: streak reset",
  void: "Void: no change",
  active: "Result undone",
};

const headline = (event: StreakEvent) => {
  const corrected = event.previousResult !== "active";
  if (!corrected) return RESULT_HEADLINES[event.result];
  return `Corrected: ${OUTCOME_NAMES[event.fromOutcome ?? "unresolved"]} to ${OUTCOME_NAMES[event.toOutcome]}`;
};

const tone = (event: StreakEvent) => {
  const after = event.streakAfter ?? event.streakBefore;
  if (after > event.streakBefore) return "bg-emerald-600";
  if (after < event.streakBefore) return "bg-red-600";
  return "bg-slate-400";
};

/** Why the streak is what it is: each settled pick and each correction, newest first, with the admin's reason. */
export const StreakTimeline = () => {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useInfiniteQuery(streakHistoryQueryOptions);
  const events = data?.pages.flatMap((page) => page.items) ?? [];
  if (isPending) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>;
  if (isError)
    return (
      <p role="alert" className="text-sm">
        Error loading data
      </p>
    );
  if (events.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Your streak's changes show here once your picks are settled.
      </p>
    );
  return (
    <section aria-label="Streak history" className="space-y-3">
      <StreakLine events={events} />
      <h3 className="text-sm font-semibold">Why your streak changed</h3>
      <ol className="space-y-3 border-l border-slate-200 pl-4 dark:border-slate-700">
        {events.map((event) => (
          <li key={event.id} className="relative text-sm" data-testid="streak-event">
            <span
              aria-hidden="true"
              className={`absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full ${tone(event)}`}
            />
            <p className="font-semibold">{headline(event)}</p>
            <p className="break-words text-slate-700 dark:text-slate-300">
              {event.questionTitle ?? "A deleted question"}
            </p>
            {event.reason ? <p className="text-slate-700 dark:text-slate-300">Reason: {event.reason}</p> : null}
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Streak {event.streakBefore} to {event.streakAfter ?? event.streakBefore} ·{" "}
              <time dateTime={new Date(event.createdAt).toISOString()}>{formatDateTime(event.createdAt)}</time>
            </p>
          </li>
        ))}
      </ol>
      {hasNextPage ? (
        <Button
          variant="secondary"
          className="w-full"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </section>
  );
};
