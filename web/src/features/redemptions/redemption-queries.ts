import { queryOptions } from "@tanstack/react-query";
import type { CashOutMethod } from "#shared/redemptions";
import { api } from "../../lib/api";

export type Reward = {
  id: string;
  name: string;
  currency: string;
  minAmount: number;
  maxAmount: number;
  imageUrl: string | null;
  preselectedAmounts: number[];
  countryCodes: string[];
};

export type RewardsCatalogue = { items: Reward[]; usdPerCredit: number; minCredits: number };

export type RedemptionStatus = "pending" | "fulfilled" | "rejected";

export type Redemption = {
  id: string;
  kind: "gift_card" | "cash_out";
  rewardId: string | null;
  rewardName: string | null;
  method: CashOutMethod | null;
  creditsSpent: number;
  valueCents: number;
  email: string;
  payoutHandle: string | null;
  status: RedemptionStatus;
  note: string | null;
  createdAt: number;
  updatedAt: number;
  decidedAt: number | null;
};

export const rewardsQueryOptions = queryOptions({
  queryKey: ["rewards"],
  queryFn: ({ signal }) => api<RewardsCatalogue>("/api/rewards", { signal }),
});

export const myRedemptionsQueryOptions = queryOptions({
  queryKey: ["redemptions", "mine"],
  queryFn: ({ signal }) => api<{ items: Redemption[]; nextCursor: string | null }>("/api/redemptions", { signal }),
  staleTime: 30_000,
});
