import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer } from "../../lib/api";

export type Period = "3" | "7" | "all";

export const PERIODS: { value: Period; label: string }[] = [
  { value: "3", label: "3 Days" },
  { value: "7", label: "7 Days" },
  { value: "all", label: "All Time" },
];

export type LeaderboardPage = Answer<typeof client.leaderboard.$get>;
export type LeaderboardEntry = LeaderboardPage["items"][number];
export type UserStats = Answer<(typeof client.users)[":id"]["stats"]["$get"]>;
export type ActivityEntry = Answer<typeof client.activity.$get>["items"][number];

const STANDINGS_STALE_MS = 30_000;

/** The viewer is part of the key: the page carries their own row. */
export const leaderboardQueryOptions = (period: Period, viewer: string | null) =>
  infiniteQueryOptions({
    queryKey: ["leaderboard", period, viewer],
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        client.leaderboard.$get(
          { query: { period, ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: STANDINGS_STALE_MS,
  });

export const userStatsQueryOptions = (userId: string, period: Period) =>
  queryOptions({
    queryKey: ["user-stats", userId, period],
    queryFn: ({ signal }) =>
      unwrap(client.users[":id"].stats.$get({ param: { id: userId }, query: { period } }, { init: { signal } })),
    staleTime: STANDINGS_STALE_MS,
  });

/**
 * Kept fresh by the live `activity` messages, which invalidate this key. Stale after a few seconds rather than at once,
 * so the page does not fetch again on mounting what its route's loader has just fetched.
 */
export const activityQueryOptions = infiniteQueryOptions({
  queryKey: ["activity"],
  queryFn: ({ pageParam, signal }) =>
    unwrap(client.activity.$get({ query: pageParam ? { cursor: pageParam } : {} }, { init: { signal } })),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 5_000,
});
