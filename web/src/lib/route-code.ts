import type { AnyRouter, ParsedLocation } from "@tanstack/react-router";

/**
 * Fetches the code of every route a location matches, without running their guards or loaders: warming code is
 * cheap, while a visitor's guard on /rewards or /picks would redirect and pull in the whole sign-in form.
 * A failure here is the router's to report when it loads the route itself.
 */
export const loadRouteCode = (router: AnyRouter, location: ParsedLocation) => {
  for (const match of router.matchRoutes(location)) {
    const route = router.routesById[match.routeId];
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
  }
};
