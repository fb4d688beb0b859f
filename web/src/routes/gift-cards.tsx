import { createFileRoute } from "@tanstack/react-router";
import { Page } from "../components/page";
import { ensureMe, useAuth } from "../features/auth/auth-queries";
import { GiftCardCatalogue } from "../features/redemptions/gift-card-catalogue";
import { MyRedemptions } from "../features/redemptions/my-redemptions";
import { myRedemptionsQueryOptions, rewardsQueryOptions } from "../features/redemptions/redemption-queries";
import { waitForPageData } from "../lib/page-data";

const GiftCards = () => {
  const { me } = useAuth();
  return (
    <Page title="Gift Cards" width="narrow">
      <div className="space-y-6">
        <GiftCardCatalogue />
        {me ? <MyRedemptions /> : null}
      </div>
    </Page>
  );
};

export const Route = createFileRoute("/gift-cards")({
  // A player's own redemptions are asked for only once the session says there is one: a visitor's is known at once.
  loader: ({ context: { queryClient } }) =>
    waitForPageData(
      queryClient.ensureQueryData(rewardsQueryOptions),
      ensureMe(queryClient).then((me) => me && queryClient.ensureQueryData(myRedemptionsQueryOptions)),
    ),
  component: GiftCards,
});
