import { useInfiniteQuery } from "@tanstack/react-query";
import { EmptyState } from "../../components/page";
import { Button } from "../../components/ui/button";
import {
  leaderboardQueryOptions,
  type LeaderboardEntry,
  type Period,
} from "../../features/community/community-queries";
import { NeedsConnection, waitsForNetwork } from "../../features/pwa/waiting-for-network";
import { ShareCardButton } from "../../features/share/share-card";
import { LeaderboardRow } from "./leaderboard-row";

type Props = { period: Period; viewer: string | null; onOpen: (entry: LeaderboardEntry) => void };

const EMPTY: Record<Period, string> = {
  "3": "No picks were settled in the last 3 days.",
  "7": "No picks were settled in the last 7 days.",
  all: "Standings are ranked from settled picks; none have been settled.",
};

/** The board's pages, and the viewer's own row underneath when it is not among them. */
export const StandingsList = ({ period, viewer, onOpen }: Props) => {
  const board = useInfiniteQuery(leaderboardQueryOptions(period, viewer));
  if (board.isError) {
    return (
      <p role="alert">
        Error loading data{" "}
        <button type="button" className="font-semibold underline" onClick={() => void board.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (waitsForNetwork(board)) return <NeedsConnection what="Standings need" />;
  if (!board.data) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>;

  const entries = board.data.pages.flatMap((page) => page.items);
  const me = board.data.pages[0]?.me ?? null;
  if (entries.length === 0) return <EmptyState title="No standings yet">{EMPTY[period]}</EmptyState>;
  const meShown = entries.some((entry) => entry.userId === me?.userId);
  return (
    <div className="space-y-3">
      <ol className="space-y-1" aria-label="Standings">
        {entries.map((entry) => (
          <LeaderboardRow
            key={entry.userId}
            entry={entry}
            period={period}
            isMe={entry.userId === viewer}
            onOpen={onOpen}
          />
        ))}
      </ol>
      {board.hasNextPage ? (
        <Button
          variant="secondary"
          className="w-full"
          disabled={board.isFetchingNextPage}
          onClick={() => void board.fetchNextPage()}
        >
          {board.isFetchingNextPage ? "Loading..." : "Show more"}
        </Button>
      ) : null}
      {me && period === "all" ? (
        <div className="flex justify-end">
          <ShareCardButton
            kind="rank"
            id={me.userId}
            title={`#${me.rank} on the Pickstreak leaderboard`}
            label="Share my place"
          />
        </div>
      ) : null}
      {me && !meShown ? (
        <section aria-label="Your position">
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
            Your position
          </p>
          <ol>
            <LeaderboardRow entry={me} period={period} isMe onOpen={onOpen} />
          </ol>
        </section>
      ) : null}
    </div>
  );
};
