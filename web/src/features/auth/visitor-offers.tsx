import { useLocation, useNavigate, useSearch } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { CLAIM_MODAL_DELAY_MS } from "../../lib/constants";
import { useAuth } from "./auth-queries";
import { CLAIM_DISMISSED_KEY, isClaimSuppressed } from "./claim-timing";
import { pendingReferralCode, rememberReferralCode } from "./referral-storage";

// The offer's code loads when an offer is due (3 s in, or at the first scroll), not at start-up.
const VisitorOfferSheet = lazy(() => import("./visitor-offer-sheet").then((m) => ({ default: m.VisitorOfferSheet })));

const readDismissedAt = () => {
  try {
    return localStorage.getItem(CLAIM_DISMISSED_KEY);
  } catch {
    return null;
  }
};

/** Opens the claim offer 3 s after load, or at the first scroll on /home, for visitors who have not dismissed it lately. */
const useClaimTrigger = (enabled: boolean, onHome: boolean) => {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!enabled || isClaimSuppressed(readDismissedAt())) return;
    const timer = setTimeout(() => setDue(true), CLAIM_MODAL_DELAY_MS);
    const onScroll = () => onHome && setDue(true);
    window.addEventListener("scroll", onScroll, { passive: true, once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
    };
  }, [enabled, onHome]);
  return due;
};

/** The sign-up offers for visitors: 5 credits, or 10 with a referral code. Both close once someone signs in. */
export const VisitorOffers = () => {
  const { status, me } = useAuth();
  const { pathname } = useLocation();
  const search: { ref?: unknown } = useSearch({ strict: false });
  const navigate = useNavigate();
  const ref = typeof search.ref === "string" ? pendingReferralCode(search.ref) : undefined;
  const visitor = status === "initialized" && !me;
  const [closed, setClosed] = useState(false);
  const claimDue = useClaimTrigger(visitor && !ref && pathname !== "/auth", pathname === "/home");

  useEffect(() => rememberReferralCode(ref), [ref]);

  const kind = !visitor || closed || pathname === "/auth" ? null : ref ? "referral" : claimDue ? "claim" : null;
  if (!kind) return null;

  const dismiss = () => {
    setClosed(true);
    if (kind === "claim") localStorage.setItem(CLAIM_DISMISSED_KEY, String(Date.now()));
  };
  const start = () => {
    setClosed(true);
    void navigate({ to: "/auth", search: { mode: "signup", ...(ref ? { ref } : {}) } });
  };

  return (
    <Suspense fallback={null}>
      <VisitorOfferSheet kind={kind} onDismiss={dismiss} onStart={start} />
    </Suspense>
  );
};
