import { useLocation } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { CLAIM_MODAL_DELAY_MS } from "../../lib/constants";

/** The local day the daily credits sheet was last shown: once a day is an offer, more would be nagging. */
export const DAILY_OFFER_SHOWN_KEY = "daily-credits-offered-on";

const today = () => new Date().toDateString();

const shownToday = () => {
  try {
    return localStorage.getItem(DAILY_OFFER_SHOWN_KEY) === today();
  } catch {
    return true;
  }
};

/** Opens the sheet on the feed a moment after load (like the sign-up offers), on the first day's visit with a claim open. */
export const useOfferedToday = (available: boolean) => {
  const onFeed = useLocation({ select: (location) => location.pathname === "/home" });
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!available || !onFeed || shownToday()) return;
    const timer = setTimeout(() => {
      localStorage.setItem(DAILY_OFFER_SHOWN_KEY, today());
      setOpen(true);
    }, CLAIM_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [available, onFeed]);
  return { open: open && available, close: () => setOpen(false) };
};
