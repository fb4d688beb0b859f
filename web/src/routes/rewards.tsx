import { createFileRoute } from "@tanstack/react-router";
import { Page } from "../components/page";
import { Button } from "../components/ui/button";
import { useAuth } from "../features/auth/auth-queries";
import { requireSignIn } from "../features/auth/require-sign-in";
import { BalanceSummary } from "../features/redemptions/balance-summary";
import { GiftCardCatalogue } from "../features/redemptions/gift-card-catalogue";
import { MyRedemptions } from "../features/redemptions/my-redemptions";
import { myRedemptionsQueryOptions, rewardsQueryOptions } from "../features/redemptions/redemption-queries";
import { useModals } from "../features/shell/modals";
import { waitForPageData } from "../lib/page-data";

/**
 * Both ways to redeem on one page, on every screen: the cash-out methods open the Redeem Credits dialog, gift cards
 * open their panel. Phones read it top to bottom; from 1024 px the catalogue sits beside a sticky balance and cash-out.
 */
const Rewards = () => {
  const { openModal } = useModals();
  const { me } = useAuth();
  return (
    <Page title="Redeem" width="wide">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <aside className="space-y-4 lg:sticky lg:top-[calc(var(--header-height)+1.5rem)] lg:col-start-2 lg:row-start-1">
          {me ? <BalanceSummary credits={me.credits} /> : null}
          <section
            aria-labelledby="cash-out-heading"
            className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
          >
            <h2 id="cash-out-heading" className="text-lg font-semibold">
              Cash out
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Send your winnings to Visa, Mastercard, Venmo or Cash App. Processing typically takes 1 business day.
            </p>
            <Button className="mt-3 w-full" onClick={() => openModal("redeem")}>
              Cash Out
            </Button>
          </section>
        </aside>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          <section aria-labelledby="gift-cards-heading" className="space-y-3">
            <h2 id="gift-cards-heading" className="text-lg font-semibold">
              Gift cards
            </h2>
            <GiftCardCatalogue />
          </section>
          <MyRedemptions />
        </div>
      </div>
    </Page>
  );
};

// The balance is the player's own, which comes with the guard (requireSignIn).
export const Route = createFileRoute("/rewards")({
  beforeLoad: requireSignIn,
  loader: ({ context: { queryClient } }) =>
    waitForPageData(
      queryClient.ensureQueryData(rewardsQueryOptions),
      queryClient.ensureQueryData(myRedemptionsQueryOptions),
    ),
  component: Rewards,
});
