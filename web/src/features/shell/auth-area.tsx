import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { buttonClass } from "../../components/ui/button";
import { AUTH_LOADING_THRESHOLD_MS } from "../../lib/constants";
import { useAuth } from "../auth/auth-queries";
import { DailyCreditsButton } from "../daily-credits/daily-credits-button";
import { StreakPill } from "../picks/streak-pill";
import { CreditsPill } from "./credits-pill";

// The dropdown library is only needed once someone is signed in, so visitors never download it.
const AccountMenu = lazy(() => import("./account-menu").then((m) => ({ default: m.AccountMenu })));

/** Stays empty while the session loads, unless that takes longer than 1.5 s: then the visitor buttons show. */
const useSlowAuth = (loading: boolean) => {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setSlow(true), AUTH_LOADING_THRESHOLD_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return loading && slow;
};

export const AuthArea = () => {
  const { status, me } = useAuth();
  const showVisitorButtons = useSlowAuth(status === "loading") || (status === "initialized" && !me);

  if (me) {
    return (
      <div className="flex items-center gap-1.5 md:gap-2">
        <DailyCreditsButton userId={me.user.id} />
        <CreditsPill balance={me.credits.balance} />
        <StreakPill />
        <Suspense fallback={<span className="hidden h-9 w-9 md:block" aria-hidden="true" />}>
          <AccountMenu />
        </Suspense>
      </div>
    );
  }
  if (!showVisitorButtons) return <div className="h-9" aria-hidden="true" />;
  return (
    <div className="flex items-center gap-2">
      <Link to="/auth" search={{ mode: "login" }} className={buttonClass("ghost")}>
        Log in
      </Link>
      <Link to="/auth" search={{ mode: "signup" }} className={buttonClass("primary")}>
        Sign Up
      </Link>
    </div>
  );
};
