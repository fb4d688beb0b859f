import { createContext, useContext, useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "./constants";

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/** True under the 768 px breakpoint. */
export const isMobileNow = () => window.matchMedia(MOBILE_QUERY).matches;

/**
 * The screen the first render draws for: the worker's guess from the request's headers when it draws a visitor's
 * /home (web/src/ssr), and the browser's own when it takes that markup over, which it does only when both agree.
 * React reads it only in those two renders, where it cannot ask the screen.
 */
export const FirstRenderScreenContext = createContext({ mobile: false });

/** The same, re-rendering when it changes. */
export const useIsMobile = () => {
  const { mobile } = useContext(FirstRenderScreenContext);
  return useSyncExternalStore(subscribe, isMobileNow, () => mobile);
};
