import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type Period = "3" | "7" | "all";

export const PERIODS: { value: Period; label: string }[] = [
  { value: "3", label: "3 Days" },
  { value: "7", label: "7 Days" },
  { value: "all", label: "All Time" },
];

export type LeaderboardEntry = {
  rank: number;
  userId: string;
  username: string;
  country: string;
  score: number;
  wins: number;
  losses: number;
  winRate: number;
  netCredits: number;
  points: number;
};

export type LeaderboardPage = { period: Period; items: LeaderboardEntry[]; me: LeaderboardEntry | null; totalUsers: number; nextCursor: string | null };

export type UserStats = {
  userId: string;
  username: string;
  country: string;
  totalPicks: number;
  totalWins: number;
  winRate: number;
  currentStreak: number;
  maxStreak: number;
  unranked: boolean;
  rank: number | null;
  totalUsers: number;
  joinedDate: number;
  recentActivity: { pickId: string; questionId: string; date: number; result: "win" | "loss" | "void"; text: string }[];
};

export type ActivityEntry = {
  id: string;
  kind: "pick" | "win";
  userId: string;
  username: string;
  country: string;
  questionId: string;
  questionTitle: string;
  choiceLabel: string;
  credits: number;
  createdAt: number;
};

const STANDINGS_STALE_MS = 30_000;

/** The viewer is part of the key: the page carries their own row. */
export const leaderboardQueryOptions = (period: Period, viewer: string | null) =>
  infiniteQueryOptions({
    queryKey: ["leaderboard", period, viewer],
    queryFn: ({ pageParam, signal }) =>
      api<LeaderboardPage>(`/api/leaderboard?period=${period}${pageParam ? `&cursor=${pageParam}` : ""}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: STANDINGS_STALE_MS,
  });

export const userStatsQueryOptions = (userId: string, period: Period) =>
  queryOptions({
    queryKey: ["user-stats", userId, period],
    queryFn: ({ signal }) => api<UserStats>(`/api/users/${encodeURIComponent(userId)}/stats?period=${period}`, { signal }),
    staleTime: STANDINGS_STALE_MS,
  });

/** Kept fresh by the live `activity` messages, which invalidate this key. */
export const activityQueryOptions = infiniteQueryOptions({
  queryKey: ["activity"],
  queryFn: ({ pageParam, signal }) =>
    api<{ items: ActivityEntry[]; nextCursor: string | null }>(`/api/activity${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 0,
});
