import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Gift } from "lucide-react";
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

/** The header's offer of today's free credits; it shows only while a claim is available. */
export const DailyCreditsButton = ({ userId }: { userId: string }) => {
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
  if (!daily.data?.available) return null;
  const label = `Claim ${formatCredits(daily.data.amount)} free today`;
  return (
    <button
      type="button"
      onClick={() => claim.mutate()}
      disabled={claim.isPending}
      aria-label={label}
      title={label}
      data-testid="daily-credits"
      className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-sm font-bold text-emerald-900 transition-colors hover:bg-emerald-200 disabled:opacity-60 dark:bg-emerald-900/40 dark:text-emerald-100 dark:hover:bg-emerald-900/60"
    >
      <Gift aria-hidden="true" size={16} className="text-emerald-600 dark:text-emerald-300" />
      {/* The amount is in the label; the narrowest phones show the gift alone so the balance keeps its room. */}
      <span className="hidden min-[400px]:inline">+{daily.data.amount}</span>
    </button>
  );
};
