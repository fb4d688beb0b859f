import { useInfiniteQuery } from "@tanstack/react-query";
import { lazy, Suspense, useDeferredValue, useEffect, useRef } from "react";
import { EmptyState } from "../../components/page";
import { Button } from "../../components/ui/button";
import { isNetworkError } from "../../lib/api";
import { feedQueryOptions, type FeedParams, type Question } from "../../features/feed/feed-queries";
import { ALL_SPORTS } from "../../features/feed/feed-filters";
import { useShareQuestion } from "../../features/feed/share";
import { useBookmark } from "../../features/feed/use-bookmark";
import { useAuth } from "../../features/auth/auth-queries";
import { useOnline } from "../../features/pwa/connection";
import { OfflineNotice } from "../../features/pwa/offline-notice";
import { QuestionCard, QuestionCardSkeleton } from "./question-card";
import { STAFF_PLAY_MESSAGE } from "#shared/staff";

const AdminCardActions = lazy(() =>
  import("../../features/admin/admin-card-actions").then((m) => ({ default: m.AdminCardActions })),
);

const SCROLL_MARGIN = "400px";
/** Cards in the first row of the widest grid (4 columns). */
const FIRST_ROW = 4;
export const GRID = "grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-4";

const emptyTitle = (params: FeedParams) => {
  if (params.bookmarkedOnly) return "No bookmarked questions";
  if (params.search.trim()) return `No results found for "${params.search.trim()}"`;
  const filtered =
    params.filters.sport !== ALL_SPORTS ||
    params.filters.freePicksOnly ||
    params.filters.playerPropsOnly ||
    params.filters.dayOffset !== null;
  return filtered ? "No questions found" : "No questions available right now.";
};

type Props = {
  params: FeedParams;
  hiddenIds: ReadonlySet<string>;
  onPick: (question: Question, choice: "yes" | "no") => void;
};

export const FeedGrid = ({ params, hiddenIds, onPick }: Props) => {
  const { isAdmin, status } = useAuth();
  const online = useOnline();
  // The viewer is part of the key, so a page asked for before the session is known is asked for again under the
  // viewer's key once it is: a sort or filter chosen meanwhile (a returning player's session is refreshed first)
  // went out twice. Until then only what is cached shows, such as the first page started with the app.
  const feed = useInfiniteQuery({ ...feedQueryOptions(params), enabled: status !== "loading" });
  const toggleBookmark = useBookmark();
  const share = useShareQuestion();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const questions =
    feed.data?.pages.flatMap((page) => page.items).filter((q) => !q.myPick && !hiddenIds.has(q.id)) ?? [];
  // Cards past the first row mount in a background (interruptible) render: a whole page of cards in one go is the
  // longest task of the start-up on a slow phone. The infinite-scroll sentinel waits for them.
  const deferredCount = useDeferredValue(questions.length, 0);
  const shownCount = Math.max(deferredCount, Math.min(questions.length, FIRST_ROW));
  const allShown = shownCount >= questions.length;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: SCROLL_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, allShown]);

  // Offline, queries wait for the network rather than fail: without a page already loaded there is nothing to show.
  if (!online && !feed.data) {
    return (
      <OfflineNotice title="Questions need a connection">They'll load as soon as you're back online.</OfflineNotice>
    );
  }
  if (feed.isPending) {
    return (
      <div className={GRID}>
        {Array.from({ length: 6 }, (_, i) => (
          <QuestionCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  // A failed refresh keeps the questions already shown.
  if (feed.isError && !feed.data) {
    const unreachable = isNetworkError(feed.error);
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="font-semibold">{unreachable ? "Couldn't reach Pickstreak" : "Failed to load questions"}</p>
        {unreachable ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Check your connection and try again.</p>
        ) : null}
        <Button variant="secondary" onClick={() => void feed.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (questions.length === 0 && !hasNextPage) return <EmptyState title={emptyTitle(params)} />;

  return (
    <>
      <div className={GRID}>
        {questions.slice(0, shownCount).map((question, index) => (
          <QuestionCard
            key={question.id}
            question={question}
            eager={index < FIRST_ROW}
            onPick={onPick}
            onBookmark={toggleBookmark}
            onShare={share}
            adminActions={
              isAdmin ? (
                <Suspense fallback={null}>
                  <AdminCardActions questionId={question.id} />
                </Suspense>
              ) : undefined
            }
            pickBlockedReason={isAdmin ? STAFF_PLAY_MESSAGE : undefined}
          />
        ))}
        {isFetchingNextPage ? Array.from({ length: 3 }, (_, i) => <QuestionCardSkeleton key={`more-${i}`} />) : null}
      </div>
      {allShown ? <div ref={sentinel} aria-hidden="true" className="h-px" /> : null}
    </>
  );
};
