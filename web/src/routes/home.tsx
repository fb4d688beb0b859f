import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import * as z from "zod/mini";
import { meQueryOptions, useAuth } from "../features/auth/auth-queries";
import { rememberReferralCode } from "../features/auth/referral-storage";
import { LOG_IN_TO_PICK, pickLink, useLogInPrompt, useViewer } from "../features/auth/log-in-prompt";
import { useFeedFilters } from "../features/feed/feed-filters";
import { defaultSort, startingFeedOptions, type FeedSort, type Question } from "../features/feed/feed-queries";
import { takesPicks } from "../features/picks/pick-math";
import { questionQueryOptions } from "../features/picks/picks-queries";
import { awaitingResultsQueryOptions } from "../features/score-feed/score-feed-queries";
import { textParam } from "../lib/search-params";
import { useIsMobile } from "../lib/use-media";
import { AwaitingResults } from "./-home/awaiting-results";
import { FeedGrid } from "./-home/feed-grid";
import { FeedToolbar } from "./-home/feed-toolbar";
import { useDebounced } from "./-home/use-debounced";
import { useDeepLinkedPick } from "./-home/use-deep-linked-pick";
import { usePaymentReturn } from "./-home/use-payment-return";

const PickDialog = lazy(() => import("../features/picks/pick-dialog").then((m) => ({ default: m.PickDialog })));

const SEARCH_DEBOUNCE_MS = 300;

const searchSchema = z.object({
  // A pick's link (pickLink): ?q=<question id>&action=pick&choice=yes|no.
  q: textParam,
  action: z.catch(z.optional(z.literal("pick")), undefined),
  choice: z.catch(z.optional(z.enum(["yes", "no"])), undefined),
  // Back from Stripe Checkout (usePaymentReturn).
  payment: textParam,
  session_id: textParam,
  credits: textParam,
  ref: textParam,
});

export type PickTarget = { question: Question | null; questionId: string; choice: "yes" | "no" | null };

const Home = () => {
  const { me } = useAuth();
  const promptLogIn = useLogInPrompt();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const { filters } = useFeedFilters();
  const [search, setSearch] = useState("");
  const [chosenSort, setSort] = useState<FeedSort | null>(null);
  const [bookmarkedOnly, setBookmarkedOnly] = useState(false);
  const [pickTarget, setPickTarget] = useState<PickTarget | null>(null);
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<string>>(new Set());
  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const sort = chosenSort ?? defaultSort(isMobile);

  const openPick = useCallback(
    async (question: Question | null, questionId: string, choice: "yes" | "no" | null) => {
      if (await viewer()) return setPickTarget({ question, questionId, choice });
      // A visitor may look at a question that no longer takes picks (a shared link to a result): only a pick needs
      // an account.
      const known = question ?? (await queryClient.fetchQuery(questionQueryOptions(questionId)).catch(() => null));
      if (known && !takesPicks(known)) return setPickTarget({ question: known, questionId, choice: null });
      promptLogIn({ message: LOG_IN_TO_PICK, redirect: pickLink(questionId, choice) });
    },
    [viewer, promptLogIn, queryClient],
  );
  useDeepLinkedPick(openPick);
  usePaymentReturn();
  // A shared card's link carries its sharer's invitation: kept for this visitor's sign-up.
  const { ref } = Route.useSearch();
  useEffect(() => rememberReferralCode(ref), [ref]);

  const onPicked = (questionId: string) => {
    setHiddenIds((ids) => new Set(ids).add(questionId));
    setTimeout(
      () =>
        setHiddenIds((ids) => {
          const next = new Set(ids);
          next.delete(questionId);
          return next;
        }),
      10_000,
    );
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-3 md:py-4">
      <h1 className="sr-only">Questions</h1>
      {me ? <AwaitingResults viewer={me.user.id} /> : null}
      <FeedToolbar
        search={search}
        onSearch={setSearch}
        sort={sort}
        onSort={setSort}
        bookmarkedOnly={bookmarkedOnly}
        onBookmarkedOnly={setBookmarkedOnly}
        signedIn={Boolean(me)}
      />
      <FeedGrid
        params={{
          filters,
          sort,
          search: debouncedSearch,
          bookmarkedOnly: bookmarkedOnly && Boolean(me),
          viewer: me?.user.id ?? null,
        }}
        hiddenIds={hiddenIds}
        onPick={(question, choice) => void openPick(question, question.id, choice)}
      />
      {pickTarget ? (
        <Suspense fallback={null}>
          <PickDialog target={pickTarget} onClose={() => setPickTarget(null)} onPicked={onPicked} />
        </Suspense>
      ) : null}
    </div>
  );
};

export const Route = createFileRoute("/home")({
  validateSearch: searchSchema,
  /**
   * Starts the feed Home opens on, and a player's picks awaiting results, without waiting for them: Home draws its
   * skeleton meanwhile, and at start-up the feed is the page boot-prefetch asked for (or the worker put in the page),
   * which the first paint must not wait for. Nothing before the session is known, as the feed waits for it (FeedGrid).
   */
  loader: ({ context: { queryClient, feedFilters, isMobile } }) => {
    const me = queryClient.getQueryData(meQueryOptions.queryKey);
    if (me === undefined) return;
    void Promise.allSettled([
      queryClient.ensureInfiniteQueryData(
        startingFeedOptions(feedFilters.get(), defaultSort(isMobile()), me?.user.id ?? null),
      ),
      ...(me ? [queryClient.ensureQueryData(awaitingResultsQueryOptions(me.user.id))] : []),
    ]);
  },
  component: Home,
  // The feed is the page most visits open on: its code comes with the entry, so the first render paints its cards
  // instead of a pending shell that waits for another chunk (docs/decisions/0029-first-view-cost.md).
  codeSplitGroupings: [],
});
