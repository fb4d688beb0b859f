import { infiniteQueryOptions, type QueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
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

export type MyPick = { id: string; choice: "yes" | "no"; multiplier: number; creditsSpent: number; potentialPayout: number; status: "active" | "won" | "lost" | "void" };

export type Question = {
  id: string;
  title: string;
  sportCategory: string | null;
  customCategory: string | null;
  category: string | null;
  creditCost: number;
  deadline: number;
  imageUrl: string | null;
  status: string;
  questionType: "standard" | "over_under" | "custom";
  answerOptionA: string;
  answerOptionB: string;
  isFreePick: boolean;
  isPlayerProp: boolean;
  tags: string[];
  outcome: string;
  pickCount: number;
  createdAt: number;
  updatedAt: number;
  bookmarked: boolean;
  myPick: MyPick | null;
};

export type FeedPage = { items: Question[]; nextCursor: string | null };

export type FeedParams = { filters: FeedFilters; sort: FeedSort; search: string; bookmarkedOnly: boolean; viewer: string | null };

const FEED_REFRESH_MS = 60_000;

export const feedSearchParams = ({ filters, sort, search, bookmarkedOnly }: FeedParams, cursor: string | null) => {
  const params = new URLSearchParams({ sort });
  if (filters.sport !== ALL_SPORTS) params.set("category", filters.sport);
  if (filters.freePicksOnly) params.set("free", "1");
  if (filters.playerPropsOnly) params.set("props", "1");
  if (bookmarkedOnly) params.set("bookmarked", "1");
  if (search.trim()) params.set("q", search.trim());
  if (filters.dayOffset !== null) {
    params.set("date", isoDay(filters.dayOffset));
    params.set("tz", String(new Date().getTimezoneOffset()));
  }
  if (cursor) params.set("cursor", cursor);
  return params;
};

/** The viewer is part of the key so signing in or out never shows another person's bookmarks. */
export const feedQueryOptions = (params: FeedParams) =>
  infiniteQueryOptions({
    queryKey: ["questions", "feed", params],
    queryFn: ({ pageParam, signal }) => api<FeedPage>(`/api/questions?${feedSearchParams(params, pageParam)}`, { signal }),
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
