import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type InviteStatus = "signed_up" | "first_pick" | "rewarded";

export type Referrals = {
  code: string;
  link: string;
  referrerBonus: number;
  friendBonus: number;
  counts: { signedUp: number; firstPick: number; rewarded: number; creditsEarned: number };
  invites: { username: string; joinedAt: number; status: InviteStatus }[];
};

export const referralsQueryOptions = queryOptions({
  queryKey: ["referrals"],
  queryFn: ({ signal }) => api<Referrals>("/api/referrals", { signal }),
  staleTime: 60_000,
});

export const INVITE_STATUS_LABELS: Record<InviteStatus, string> = {
  signed_up: "Signed up",
  first_pick: "First pick made",
  rewarded: "Rewarded",
};
