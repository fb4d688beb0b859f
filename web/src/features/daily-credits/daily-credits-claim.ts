import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, client, unwrap } from "../../lib/api";
import { formatCredits, formatDateTime } from "../../lib/format";
import { toast } from "../../lib/toast";
import { meQueryOptions, type Me } from "../auth/auth-queries";

const timeZone = () => String(new Date().getTimezoneOffset());

/** Milliseconds until the next claim opens, for a screen left open to offer it then; false while none waits. */
const untilNextClaim = (nextClaimAt: number | null | undefined) =>
  nextClaimAt ? Math.max(1_000, nextClaimAt - Date.now()) : false;

/**
 * Asked again when the player comes back to the tab (a new day may have begun since), and when the server said the
 * next claim opens: a new day in the zone of the day's first claim, and 20 hours after the last claim.
 */
const dailyCreditsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["daily-credits", userId],
    queryFn: ({ signal }) => unwrap(client["daily-credits"].$get({ query: { tz: timeZone() } }, { init: { signal } })),
    staleTime: 5 * 60_000,
    refetchInterval: (query) => untilNextClaim(query.state.data?.nextClaimAt),
  });

/** Today's free credits for the player: whether a claim is open, and the claim itself (the header and the offer). */
export const useDailyCredits = (userId: string) => {
  const queryClient = useQueryClient();
  const daily = useQuery(dailyCreditsQueryOptions(userId));
  const claim = useMutation({
    mutationFn: () => unwrap(client["daily-credits"].claim.$post({ json: { tz: Number(timeZone()) } })),
    onSuccess: ({ amount, streak, credits, nextClaimAt }) => {
      queryClient.setQueryData<Me | null>(meQueryOptions.queryKey, (me) => me && { ...me, credits });
      const next = `The next claim opens ${formatDateTime(nextClaimAt)}.`;
      toast.success(`${formatCredits(amount)} claimed`, {
        description: streak > 1 ? `${streak} days in a row. ${next}` : next,
      });
    },
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : "Could not claim your daily credits. Please try again."),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["daily-credits", userId] }),
  });
  const offer = daily.data?.available ? { amount: daily.data.amount } : null;
  return { offer, claim: () => claim.mutate(), claiming: claim.isPending };
};
