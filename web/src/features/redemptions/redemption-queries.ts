import { queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer } from "../../lib/api";

export type RewardsCatalogue = Answer<typeof client.rewards.$get>;
export type Reward = RewardsCatalogue["items"][number];
export type Redemption = Answer<typeof client.redemptions.$get>["items"][number];
export type RedemptionStatus = Redemption["status"];

export const rewardsQueryOptions = queryOptions({
  queryKey: ["rewards"],
  queryFn: ({ signal }) => unwrap(client.rewards.$get(undefined, { init: { signal } })),
});

export const myRedemptionsQueryOptions = queryOptions({
  queryKey: ["redemptions", "mine"],
  queryFn: ({ signal }) => unwrap(client.redemptions.$get({ query: {} }, { init: { signal } })),
  staleTime: 30_000,
});
