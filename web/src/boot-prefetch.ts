import type { QueryClient } from "@tanstack/react-query";
import { isFirstFeedPath } from "#shared/first-feed";
import type { AnyRouter } from "@tanstack/react-router";
import { prefetchFirstFeed } from "./features/feed/feed-queries";
import { loadRouteCode } from "./lib/route-code";

/**
 * Starts what the first page needs at once, rather than one step after another: the matched route's code (the router
 * fetches it only once the route's guard has passed, which on a signed-in page waits for the session) and, on /home,
 * the first page of the feed (Home asks for it only once it has rendered), or for a visitor the page index.html
 * brought. True when index.html brought it, which the worker draws the page for only on this screen's sort.
 */
export const startFirstPageRequests = (router: AnyRouter, queryClient: QueryClient, mobile: boolean) => {
  const location = router.latestLocation;
  loadRouteCode(router, location);
  return isFirstFeedPath(location.pathname) && prefetchFirstFeed(queryClient, mobile, document);
};
