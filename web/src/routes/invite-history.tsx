import { createFileRoute } from "@tanstack/react-router";
import { EmptyState, Page } from "../components/page";
import { requireSignIn } from "../features/auth/require-sign-in";

const InviteHistory = () => (
  <Page title="Invite History">
    <EmptyState title="No invites yet">Friends who sign up with your referral link will be listed here.</EmptyState>
  </Page>
);

export const Route = createFileRoute("/invite-history")({ beforeLoad: requireSignIn, component: InviteHistory });
