import { useQuery } from "@tanstack/react-query";
import { EmptyState } from "../../components/page";
import { ChallengeReview } from "./challenge-review";
import { FeedAlertRow } from "./feed-alert-row";
import { challengeQueueQueryOptions } from "./score-feed-api";

const LIST = "divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800";

/** Results players challenged, waiting for an admin, and the score feed's corrections after a result was settled. */
export const ChallengesPanel = () => {
  const { data, isPending, isError } = useQuery(challengeQueueQueryOptions);
  return (
    <section className="space-y-6" aria-label="Challenged results">
      {isError ? <p role="alert">Error loading data</p> : null}
      {isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {data ? (
        <div className="space-y-3">
          <h2 className="text-lg font-semibold">Challenged results</h2>
          {data.items.length === 0 ? (
            <EmptyState title="No challenged results">
              Players can challenge a score feed result during its window.
            </EmptyState>
          ) : (
            <ul className={LIST}>
              {data.items.map((item) => (
                <ChallengeReview key={item.question.id} item={item} />
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {data && data.alerts.length > 0 ? (
        <div className="space-y-3">
          <h2 className="text-lg font-semibold">Score corrections after the result</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The score feed changed its data after these results were settled. Nothing was paid or taken back; change the
            outcome by hand if it is wrong.
          </p>
          <ul className={LIST}>
            {data.alerts.map((alert) => (
              <FeedAlertRow key={alert.id} alert={alert} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
};
