import { infiniteQueryOptions, type QueryClient } from "@tanstack/react-query";
import { defaultFeedSort } from "#shared/first-feed";
import { client, unwrap, type RequestOf } from "../../lib/api";
import { categoriesQueryOptions } from "./categories-query";
import { isoDay } from "./day-label";
import { ALL_SPORTS, DEFAULT_FILTERS, type FeedFilters } from "./feed-filters";
import { parseFirstFeed, readFirstFeedText } from "./first-feed";

export const FEED_SORTS = [
  { value: "popularity", label: "Most popular" },
  { value: "newest", label: "Newest" },
  { value: "ending-soon", label: "Ending soon" },
  { value: "lowest-cost", label: "Lowest cost" },
  { value: "highest-cost", label: "Highest cost" },
] as const;
export type FeedSort = (typeof FEED_SORTS)[number]["value"];

/** Until the player picks a sort; shared with the worker, which puts this sort's first page in index.html. */
export const defaultSort: (isMobile: boolean) => FeedSort = defaultFeedSort;

export type { FeedPage, MyPick, Question } from "./feed-types";

type FeedCall = typeof client.questions.$get;

export type FeedParams = {
  filters: FeedFilters;
  sort: FeedSort;
  search: string;
  bookmarkedOnly: boolean;
  viewer: string | null;
};

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
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.questions.$get({ query: feedQuery(params, pageParam) }, { init: { signal } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: FEED_REFRESH_MS,
  });

/** The feed Home opens on, before a sort, a search or the bookmarks are chosen on it: what its loader asks for. */
export const startingFeedOptions = (filters: FeedFilters, sort: FeedSort, viewer: string | null) =>
  feedQueryOptions({ filters, sort, search: "", bookmarkedOnly: false, viewer });

const firstFeedOptions = (sort: FeedSort) => startingFeedOptions(DEFAULT_FILTERS, sort, null);

/**
 * Gives Home the first page it asks for (default filters and sort, no search, the session not known yet) and the
 * tabs their categories, read by the worker (inside a visitor's index.html, or while it draws the page's first
 * markup), as if the requests had answered then: they are refetched like any other once stale. False, and nothing
 * seeded, when the page is not of the sort the screen starts with.
 */
export const seedFirstFeed = (queryClient: QueryClient, sort: FeedSort, inlinedText: string | null | undefined) => {
  const inlined = parseFirstFeed(inlinedText, sort);
  if (!inlined) return false;
  queryClient.setQueryData(
    firstFeedOptions(sort).queryKey,
    { pages: [inlined.page], pageParams: [null] },
    { updatedAt: inlined.at },
  );
  if (inlined.categories)
    queryClient.setQueryData(categoriesQueryOptions.queryKey, inlined.categories, { updatedAt: inlined.at });
  return true;
};

/**
 * Starts Home's first page before its code has rendered: the page the worker put in a visitor's index.html, or else
 * the request, started together with the app. True when the page came with index.html.
 */
export const prefetchFirstFeed = (
  queryClient: QueryClient,
  isMobile: boolean,
  page: Pick<Document, "getElementById">,
) => {
  const sort = defaultSort(isMobile);
  if (seedFirstFeed(queryClient, sort, readFirstFeedText(page))) return true;
  void queryClient.prefetchInfiniteQuery(firstFeedOptions(sort));
  return false;
};
