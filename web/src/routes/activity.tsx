import { useInfiniteQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyState, Page } from "../components/page";
import { Button } from "../components/ui/button";
import { activityQueryOptions } from "../features/community/community-queries";
import { NeedsConnection, waitsForNetwork } from "../features/pwa/waiting-for-network";
import { waitForPageData } from "../lib/page-data";
import { ActivityItem } from "./-activity/activity-item";

/** The community's picks and wins, newest first; live `activity` messages refetch it. */
const Activity = () => {
  const feed = useInfiniteQuery(activityQueryOptions);
  const entries = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const now = feed.dataUpdatedAt || Date.now();
  return (
    <Page title="Activity" width="narrow">
      <div className="space-y-3">
        {feed.isError ? (
          <p role="alert">
            Error loading data{" "}
            <button type="button" className="font-semibold underline" onClick={() => void feed.refetch()}>
              Try again
            </button>
          </p>
        ) : null}
        {waitsForNetwork(feed) ? <NeedsConnection what="Activity needs" /> : null}
        {feed.isPending && !waitsForNetwork(feed) ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>
        ) : null}
        {feed.data && entries.length === 0 ? (
          <EmptyState title="No community activity yet">
            Picks and wins from players will show up here as they happen.
          </EmptyState>
        ) : null}
        <ul className="space-y-2" aria-label="Community activity" aria-live="polite">
          {entries.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} now={now} />
          ))}
        </ul>
        {feed.hasNextPage ? (
          <Button
            variant="secondary"
            className="w-full"
            disabled={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
          >
            {feed.isFetchingNextPage ? "Loading..." : "Show more"}
          </Button>
        ) : null}
      </div>
    </Page>
  );
};

export const Route = createFileRoute("/activity")({
  loader: ({ context: { queryClient } }) => waitForPageData(queryClient.ensureInfiniteQueryData(activityQueryOptions)),
  component: Activity,
});
