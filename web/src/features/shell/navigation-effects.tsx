import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { PREFETCHED_ROUTES, PREFETCH_STEP_MS } from "../../lib/constants";
import { useIsMobile } from "../../lib/use-media";
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
    const timers = PREFETCHED_ROUTES.slice(0, 4).map((to, index) =>
      window.setTimeout(() => void router.preloadRoute({ to }).catch(() => undefined), (index + 1) * PREFETCH_STEP_MS),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [router]);

  return null;
};
