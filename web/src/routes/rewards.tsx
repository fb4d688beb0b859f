import { createFileRoute } from "@tanstack/react-router";
import { EmptyState, Page } from "../components/page";
import { requireSignIn } from "../features/auth/require-sign-in";

const Rewards = () => (
  <Page title="Redeem">
    <EmptyState title="Redemptions are not open yet">Credits you win stay in your balance until they are.</EmptyState>
  </Page>
);

export const Route = createFileRoute("/rewards")({ beforeLoad: requireSignIn, component: Rewards });
