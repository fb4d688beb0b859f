import { createMemoryHistory, createRouter } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import type { RenderHomeMarkup } from "#shared/home-markup";
import { App, ROUTER_OPTIONS } from "../app";
import { recogniseVisitor } from "../features/auth/auth-queries";
import { createFeedFilters } from "../features/feed/feed-filters";
import { defaultSort, seedFirstFeed } from "../features/feed/feed-queries";
import { createQueryClient } from "../lib/query-client";
import { Route as rootRoute } from "../routes/__root";
import { Route as homeRoute } from "../routes/home";

/**
 * Only the feed's page: the rest of the app stays out of the worker. The same parent and path as in the generated
 * tree (routeTree.gen.ts), so the page draws as the browser's router draws it.
 */
const routeTree = rootRoute.addChildren([
  homeRoute.update({ id: "/home", path: "/home", getParentRoute: () => rootRoute } as Parameters<
    typeof homeRoute.update
  >[0]),
]);

const HOME_PATH = "/home";

/** React writes the resource hints it gathered (preloads of the pictures) ahead of the markup. */
const LEADING_HINTS = /^(?:<link [^>]*>)*/;

/**
 * A visitor's /home as the browser's first render draws it once its code has run: the same components, router
 * settings and query defaults, with Home's first query answered by the page the worker put in index.html. "/" draws
 * /home, where the app's router sends it before its first render. Effects never run here. The browser takes this
 * markup over (hydrates it) when its screen is the one guessed here, and otherwise draws its own in its place.
 */
export const renderHomeMarkup: RenderHomeMarkup = async ({ url, mobile, cookies, firstFeed }) => {
  const queryClient = createQueryClient();
  try {
    if (!seedFirstFeed(queryClient, defaultSort(mobile), firstFeed)) return null;
    recogniseVisitor(queryClient, cookies);
    const { search } = new URL(url, "http://home.invalid");
    const history = createMemoryHistory({ initialEntries: [`${HOME_PATH}${search}`] });
    const router = createRouter({
      routeTree,
      context: { queryClient, feedFilters: createFeedFilters(), isMobile: () => mobile },
      history,
      ...ROUTER_OPTIONS,
    });
    await router.load();
    const html = renderToString(<App queryClient={queryClient} router={router} screen={{ mobile }} />);
    const hints = LEADING_HINTS.exec(html)?.[0] ?? "";
    return { hints, root: html.slice(hints.length) };
  } finally {
    // Each cached query holds a timer for its garbage collection, which would outlive the request.
    queryClient.clear();
  }
};
