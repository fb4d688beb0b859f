import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { PREFETCH_STEP_MS, WARMED_AT_START } from "../../lib/constants";
import { warmRouteCode } from "../../lib/route-code";
import { readRouteCodeMap } from "../../lib/route-code-map";
import { useIsMobile } from "../../lib/use-media";
import { whenIdleAfterLoad } from "../../lib/when-idle";
import { useFeedFilters } from "../feed/feed-filters";

/** Scroll to top on every path or query change; reset the feed filters off the home page on larger screens. */
export const NavigationEffects = () => {
  const location = useLocation();
  const router = useRouter();
  const isMobile = useIsMobile();
  const { reset } = useFeedFilters();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname, location.searchStr]);

  useEffect(() => {
    if (!isMobile && location.pathname !== "/home" && location.pathname !== "/") reset();
  }, [isMobile, location.pathname, reset]);

  useEffect(() => {
    const timers: number[] = [];
    const cancelIdle = whenIdleAfterLoad(() => {
      const map = readRouteCodeMap(document);
      WARMED_AT_START.forEach((to, index) =>
        timers.push(window.setTimeout(() => warmRouteCode(router, to, map), index * PREFETCH_STEP_MS)),
      );
    });
    return () => {
      cancelIdle();
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, [router]);

  return null;
};
