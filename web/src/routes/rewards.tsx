import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { Page } from "../components/page";
import { Button } from "../components/ui/button";
import { useAuth } from "../features/auth/auth-queries";
import { requireSignIn } from "../features/auth/require-sign-in";
import { BalanceSummary } from "../features/redemptions/balance-summary";
import { GiftCardCatalogue } from "../features/redemptions/gift-card-catalogue";
import { MyRedemptions } from "../features/redemptions/my-redemptions";
import { useModals } from "../features/shell/modals";
import { useIsMobile } from "../lib/use-media";

/** On phones the spec's /rewards is empty and opens the Redeem Credits modal; larger screens get the catalogue. */
const Rewards = () => {
  const isMobile = useIsMobile();
  const { openModal } = useModals();
  const { me } = useAuth();

  useEffect(() => {
    if (isMobile) openModal("redeem");
  }, [isMobile, openModal]);

  if (isMobile) return null;
  return (
    <Page title="Redeem" actions={<Button variant="secondary" onClick={() => openModal("redeem")}>Cash Out</Button>}>
      <div className="max-w-3xl space-y-6">
        {me ? <BalanceSummary credits={me.credits} /> : null}
        <GiftCardCatalogue />
        <MyRedemptions />
      </div>
    </Page>
  );
};

export const Route = createFileRoute("/rewards")({ beforeLoad: requireSignIn, component: Rewards });
