import { useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "./constants";

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/** True under the 768 px breakpoint. */
export const isMobileNow = () => window.matchMedia(MOBILE_QUERY).matches;

/** The same, re-rendering when it changes. */
export const useIsMobile = () => useSyncExternalStore(subscribe, isMobileNow);
