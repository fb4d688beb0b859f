import { createFileRoute } from "@tanstack/react-router";
import { Page } from "../components/page";
import { requireSignIn } from "../features/auth/require-sign-in";

const Referrals = () => {
  const { me } = Route.useRouteContext();
  const link = `${window.location.origin}/auth?mode=signup&ref=${me.user.referralCode}`;
  return (
    <Page title="Referrals">
      <p className="text-slate-700 dark:text-slate-300">Share your link. Friends who sign up with it start with 10 credits.</p>
      <p className="mt-4 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm dark:bg-slate-800" data-testid="referral-link">{link}</p>
    </Page>
  );
};

export const Route = createFileRoute("/referrals")({ beforeLoad: requireSignIn, component: Referrals });
