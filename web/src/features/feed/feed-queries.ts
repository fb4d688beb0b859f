import { infiniteQueryOptions, type QueryClient } from "@tanstack/react-query";
import { client, unwrap, type Answer, type RequestOf } from "../../lib/api";
import { isoDay } from "./day-label";
import { ALL_SPORTS, DEFAULT_FILTERS, type FeedFilters } from "./feed-filters";

export const FEED_SORTS = [
  { value: "popularity", label: "Most popular" },
  { value: "newest", label: "Newest" },
  { value: "ending-soon", label: "Ending soon" },
  { value: "lowest-cost", label: "Lowest cost" },
  { value: "highest-cost", label: "Highest cost" },
] as const;
export type FeedSort = (typeof FEED_SORTS)[number]["value"];

/** Until the player picks a sort: most popular on phones, newest on larger screens. */
export const defaultSort = (isMobile: boolean): FeedSort => (isMobile ? "popularity" : "newest");

type FeedCall = typeof client.questions.$get;
export type FeedPage = Answer<FeedCall>;
export type Question = FeedPage["items"][number];
export type MyPick = NonNullable<Question["myPick"]>;

export type FeedParams = { filters: FeedFilters; sort: FeedSort; search: string; bookmarkedOnly: boolean; viewer: string | null };

const FEED_REFRESH_MS = 60_000;

/** Only the parameters that differ from the defaults, so equal feeds share one URL (and one edge-cached answer). */
export const feedQuery = ({ filters, sort, search, bookmarkedOnly }: FeedParams, cursor: string | null) => {
  const query: NonNullable<RequestOf<FeedCall>["query"]> = { sort };
  if (filters.sport !== ALL_SPORTS) query.category = filters.sport;
  if (filters.freePicksOnly) query.free = "1";
  if (filters.playerPropsOnly) query.props = "1";
  if (bookmarkedOnly) query.bookmarked = "1";
  if (search.trim()) query.q = search.trim();
  if (filters.dayOffset !== null) {
    query.date = isoDay(filters.dayOffset);
    query.tz = String(new Date().getTimezoneOffset());
  }
  if (cursor) query.cursor = cursor;
  return query;
};

/** The viewer is part of the key so signing in or out never shows another person's bookmarks. */
export const feedQueryOptions = (params: FeedParams) =>
  infiniteQueryOptions({
    queryKey: ["questions", "feed", params],
    queryFn: ({ pageParam, signal }) => unwrap(client.questions.$get({ query: feedQuery(params, pageParam) }, { init: { signal } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: FEED_REFRESH_MS,
  });

/**
 * Starts the feed request Home makes first (default filters and sort, no search, the session not known yet) together
 * with the app, instead of after the /home chunk has loaded and rendered: Home then finds it in flight.
 */
export const prefetchFirstFeed = (queryClient: QueryClient, isMobile: boolean) =>
  queryClient.prefetchInfiniteQuery(
    feedQueryOptions({ filters: DEFAULT_FILTERS, sort: defaultSort(isMobile), search: "", bookmarkedOnly: false, viewer: null }),
  );
