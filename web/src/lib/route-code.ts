import type { AnyRouter, ParsedLocation } from "@tanstack/react-router";
import type { RouteCodeMap } from "./route-code-map";

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

type WarmingPage = Pick<Document, "createElement" | "head">;

/**
 * Readies a route's code for a later visit. With the build's map, `modulepreload` links download and compile its files
 * without running them: running four routes' modules at start-up was up to four long tasks in a phone's first seconds
 * (docs/decisions/0029-first-view-cost.md), and a visit runs them anyway. Without the map (`readRouteCodeMap` finds none
 * under the dev server) the code is loaded as a visit would load it.
 */
export const warmRouteCode = (
  router: AnyRouter,
  to: string,
  map: RouteCodeMap | null,
  page: WarmingPage = document,
) => {
  const files = map?.[to];
  if (!files) return loadRouteCode(router, router.buildLocation({ to }));
  for (const href of files) {
    if (page.head.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = page.createElement("link");
    link.rel = "modulepreload";
    // As the module scripts that will import it, so the browser uses what this fetched.
    link.crossOrigin = "";
    link.href = href;
    page.head.append(link);
  }
};
