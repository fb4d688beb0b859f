import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type PickStatus = "active" | "won" | "lost" | "void";

export type MyPickRow = {
  id: string;
  questionId: string;
  choice: "yes" | "no";
  creditsSpent: number;
  multiplier: number;
  potentialPayout: number;
  actualPayout: number;
  status: PickStatus;
  createdAt: number;
  updatedAt: number;
  question: { id: string; title: string; deadline: number; imageUrl: string | null; sportCategory: string | null; customCategory: string | null; answerOptionA: string; answerOptionB: string; outcome: string; updatedAt: number };
};

export type PickStats = { totalPicks: number; totalSpent: number; totalEarned: number; netProfit: number; winRate: number; activePicks: number };

const PICKS_REFRESH_MS = 60_000;

export const myPicksQueryOptions = queryOptions({
  queryKey: ["picks", "mine"],
  queryFn: ({ signal }) => api<{ items: MyPickRow[]; nextCursor: string | null }>("/api/picks", { signal }),
  staleTime: 3 * 60_000,
  refetchInterval: (query) => (query.state.data?.items.some((p) => p.status === "active") ? PICKS_REFRESH_MS : false),
});

export const pickStatsQueryOptions = queryOptions({
  queryKey: ["picks", "stats"],
  queryFn: ({ signal }) => api<PickStats>("/api/picks/stats", { signal }),
});

export const streakQueryOptions = queryOptions({
  queryKey: ["picks", "streak"],
  queryFn: ({ signal }) => api<{ currentStreak: number; maxStreak: number }>("/api/streak", { signal }).catch(() => ({ currentStreak: 0, maxStreak: 0 })),
});
