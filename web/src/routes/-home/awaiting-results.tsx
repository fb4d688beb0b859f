import { useQuery } from "@tanstack/react-query";
import { useShareQuestion } from "../../features/feed/share";
import { useBookmark } from "../../features/feed/use-bookmark";
import { awaitingResultsQueryOptions } from "../../features/score-feed/score-feed-queries";
import { GRID } from "./feed-grid";
import { QuestionCard } from "./question-card";

const noPick = () => undefined;

/**
 * The viewer's picked questions whose event is over and whose result the score feed proposed (or a challenge holds),
 * above the feed: the open feed no longer lists them, and this is where a result can still be challenged.
 */
export const AwaitingResults = ({ viewer }: { viewer: string }) => {
  const { data } = useQuery(awaitingResultsQueryOptions(viewer));
  const toggleBookmark = useBookmark();
  const share = useShareQuestion();
  if (!data || data.items.length === 0) return null;
  return (
    <section aria-labelledby="awaiting-results" className="mb-6">
      <h2 id="awaiting-results" className="mb-3 text-lg font-bold">
        Waiting for final results
      </h2>
      <div className={GRID}>
        {data.items.map((question) => (
          <QuestionCard
            key={question.id}
            question={question}
            eager
            onPick={noPick}
            onBookmark={toggleBookmark}
            onShare={share}
          />
        ))}
      </div>
    </section>
  );
};
