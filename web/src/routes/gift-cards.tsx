import { createFileRoute } from "@tanstack/react-router";
import { Page } from "../components/page";
import { useAuth } from "../features/auth/auth-queries";
import { GiftCardCatalogue } from "../features/redemptions/gift-card-catalogue";
import { MyRedemptions } from "../features/redemptions/my-redemptions";

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

export const Route = createFileRoute("/gift-cards")({ component: GiftCards });
