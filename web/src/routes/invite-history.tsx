import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { EmptyState, Page } from "../components/page";
import { requireSignIn } from "../features/auth/require-sign-in";
import { NeedsConnection, waitsForNetwork } from "../features/pwa/waiting-for-network";
import { INVITE_STATUS_LABELS, referralsQueryOptions, type InviteStatus } from "../features/referrals/referral-queries";
import { waitForPageData } from "../lib/page-data";

const BADGE: Record<InviteStatus, string> = {
  signed_up: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  first_pick: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  rewarded: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
};

const day = (epochMs: number) =>
  new Date(epochMs).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

const InviteHistory = () => {
  const referrals = useQuery(referralsQueryOptions);
  const { data, isError } = referrals;
  return (
    <Page title="Invite History" width="narrow">
      <div>
        {isError ? <p role="alert">Error loading data</p> : null}
        {waitsForNetwork(referrals) ? <NeedsConnection what="Your invites need" /> : null}
        {data && data.invites.length === 0 ? (
          <EmptyState title="No invites yet">
            Friends who sign up with your{" "}
            <Link to="/referrals" className="underline">
              referral link
            </Link>{" "}
            will be listed here.
          </EmptyState>
        ) : null}
        {data && data.invites.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {data.invites.map((invite) => (
              <li
                key={`${invite.username}-${invite.joinedAt}`}
                className="flex items-center justify-between gap-3 px-4 py-3 text-sm"
                data-testid="invite"
              >
                <div>
                  <p className="font-semibold">{invite.username}</p>
                  <p className="text-slate-600 dark:text-slate-400">Joined {day(invite.joinedAt)}</p>
                </div>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[invite.status]}`}>
                  {INVITE_STATUS_LABELS[invite.status]}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Page>
  );
};

export const Route = createFileRoute("/invite-history")({
  beforeLoad: requireSignIn,
  loader: ({ context: { queryClient } }) => waitForPageData(queryClient.ensureQueryData(referralsQueryOptions)),
  component: InviteHistory,
});
