import { createFileRoute, Link, redirect } from "@tanstack/react-router";
import { EmptyState, Page } from "../components/page";
import { requireSignIn } from "../features/auth/require-sign-in";

const Admin = () => (
  <Page title="Admin Panel" actions={<Link to="/home" className="text-sm font-semibold underline">Back to site</Link>}>
    <EmptyState title="No admin tools yet">Question management arrives with the admin release.</EmptyState>
  </Page>
);

export const Route = createFileRoute("/admin")({
  beforeLoad: async (options) => {
    const { me } = await requireSignIn(options);
    if (me.user.role !== "admin") throw redirect({ to: "/home" });
  },
  component: Admin,
});
