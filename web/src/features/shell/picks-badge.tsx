import { useQuery } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { useAuth } from "../auth/auth-queries";
import { readLastViewed, unresolvedBadgeCount } from "../picks/last-viewed";
import { myPicksQueryOptions } from "../picks/picks-queries";

/**
 * Picks settled since My Picks was last opened. Live `pick` messages invalidate the query, so the shell does not poll;
 * on My Picks itself the count is being read, so it shows nothing there.
 */
export const usePicksBadge = (enabled = true) => {
  const { me } = useAuth();
  const { pathname } = useLocation();
  const { data } = useQuery({ ...myPicksQueryOptions, enabled: enabled && Boolean(me), refetchInterval: false });
  if (!me || !data || pathname === "/picks") return 0;
  return unresolvedBadgeCount(data.items, readLastViewed(me.user.id));
};

export const PicksBadge = ({ count }: { count: number }) =>
  count > 0 ? (
    <span
      data-testid="picks-badge"
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white"
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">, {count} newly resolved</span>
    </span>
  ) : null;
