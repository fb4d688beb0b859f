import { queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer } from "../../lib/api";

export type Referrals = Answer<typeof client.referrals.$get>;
export type InviteStatus = Referrals["invites"][number]["status"];

export const referralsQueryOptions = queryOptions({
  queryKey: ["referrals"],
  queryFn: ({ signal }) => unwrap(client.referrals.$get(undefined, { init: { signal } })),
  staleTime: 60_000,
});

export const INVITE_STATUS_LABELS: Record<InviteStatus, string> = {
  signed_up: "Signed up",
  first_pick: "First pick made",
  rewarded: "Rewarded",
};
