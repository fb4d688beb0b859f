import { createFileRoute } from "@tanstack/react-router";
import { EmptyState, Page } from "../components/page";

const GiftCards = () => (
  <Page title="Gift Cards">
    <EmptyState title="No gift cards found" />
  </Page>
);

export const Route = createFileRoute("/gift-cards")({ component: GiftCards });
