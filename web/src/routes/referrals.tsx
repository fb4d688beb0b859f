import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { Page } from "../components/page";
import { Button } from "../components/ui/button";
import { requireSignIn } from "../features/auth/require-sign-in";
import { NeedsConnection, waitsForNetwork } from "../features/pwa/waiting-for-network";
import { referralsQueryOptions } from "../features/referrals/referral-queries";
import { ReferralTermsDialog } from "../features/referrals/referral-terms-dialog";
import { canShare, copyLink, shareReferralLink } from "../features/referrals/share-link";
import { formatCredits } from "../lib/format";
import { waitForPageData } from "../lib/page-data";

const Stat = ({ label, value }: { label: string; value: number }) => (
  <div className="rounded-xl bg-slate-100 p-3 dark:bg-slate-800">
    <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
    <dd className="text-xl font-bold">{value}</dd>
  </div>
);

const Referrals = () => {
  const referrals = useQuery(referralsQueryOptions);
  const { data, isError } = referrals;
  const [termsOpen, setTermsOpen] = useState(false);

  return (
    <Page title="Referrals" width="narrow">
      <div className="space-y-5">
        {isError ? <p role="alert">Error loading data</p> : null}
        {waitsForNetwork(referrals) ? <NeedsConnection what="Your referrals need" /> : null}
        {data ? (
          <>
            <p className="text-slate-700 dark:text-slate-300">
              Invite friends to Pickstreak. When a friend makes their first paid pick, you get{" "}
              {formatCredits(data.referrerBonus)} and they get {data.friendBonus} bonus credits. Friends who sign up
              with your link start with 10 credits.
            </p>
            <div>
              <p className="text-sm font-medium">Your referral code</p>
              <p className="mt-1 font-mono text-2xl font-bold tracking-widest" data-testid="referral-code">
                {data.code}
              </p>
            </div>
            <p
              className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm dark:bg-slate-800"
              data-testid="referral-link"
            >
              {data.link}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copyLink(data.link)}>Copy Link</Button>
              {canShare() ? (
                <Button variant="secondary" onClick={() => void shareReferralLink(data.link)}>
                  Share
                </Button>
              ) : null}
              <Button variant="ghost" onClick={() => setTermsOpen(true)}>
                Referral Program terms
              </Button>
            </div>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <Stat label="Friends invited" value={data.counts.signedUp} />
              <Stat label="First picks" value={data.counts.firstPick} />
              <Stat label="Rewarded" value={data.counts.rewarded} />
              <Stat label="Credits earned" value={data.counts.creditsEarned} />
            </dl>
            <Link to="/invite-history" className="inline-block text-sm font-semibold underline">
              View invite history
            </Link>
            <ReferralTermsDialog
              open={termsOpen}
              onOpenChange={setTermsOpen}
              referrerBonus={data.referrerBonus}
              friendBonus={data.friendBonus}
            />
          </>
        ) : null}
      </div>
    </Page>
  );
};

export const Route = createFileRoute("/referrals")({
  beforeLoad: requireSignIn,
  loader: ({ context: { queryClient } }) => waitForPageData(queryClient.ensureQueryData(referralsQueryOptions)),
  component: Referrals,
});
