import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type ContestStanding = { rank: number; userId: string; username: string; country: string; score: number; prize: number };

export type Contest = {
  id: string;
  title: string;
  durationDays: number;
  startsAt: number;
  endsAt: number;
  status: "upcoming" | "active" | "ended";
  paid: boolean;
  entryFee: number;
  entrants: number;
  prizes: { tiers: { topPercent: number; credits: number; lastPlace: number }[]; topPlaces: number; topPlacesPrize: number };
  standings: ContestStanding[];
  me: { rank: number; score: number; joinedAt: number; prize: number } | null;
};

const CONTESTS_REFRESH_MS = 60_000;

export const contestsQueryOptions = (viewer: string | null) =>
  queryOptions({
    queryKey: ["contests", viewer],
    queryFn: ({ signal }) => api<{ items: Contest[] }>("/api/contests", { signal }).then((r) => r.items),
    staleTime: 30_000,
    refetchInterval: CONTESTS_REFRESH_MS,
  });
