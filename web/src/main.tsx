import "./lib/zod-jitless";
import { createRouter } from "@tanstack/react-router";
import { startTransition, StrictMode } from "react";
import { followBrowserConnection } from "./features/pwa/connection";
import { reloadOnceOnMissingChunk } from "./features/pwa/missing-chunk";
import { startServiceWorker } from "./features/pwa/service-worker";
import { reportCaughtError, startErrorReports } from "./lib/error-reports";
import { recogniseVisitor } from "./features/auth/auth-queries";
import { createFeedFilters } from "./features/feed/feed-filters";
import { createQueryClient } from "./lib/query-client";
import { keepPages } from "./lib/query-persistence";
import { isMobileNow } from "./lib/use-media";
import { routeTree } from "./routeTree.gen";
import { App, ROUTER_OPTIONS } from "./app";
import { renderBootFailure } from "./boot-failure";
import { startFirstPageRequests } from "./boot-prefetch";
import "./styles.css";

followBrowserConnection();
// Reading sessionStorage can throw in a locked-down browser: only inside the handler, where it is caught.
const tabStorage = {
  getItem: (key: string) => sessionStorage.getItem(key),
  setItem: (key: string, value: string) => sessionStorage.setItem(key, value),
};
window.addEventListener(
  "vite:preloadError",
  reloadOnceOnMissingChunk(tabStorage, () => window.location.reload()),
);
const queryClient = createQueryClient();
recogniseVisitor(queryClient);
const pagesKept = keepPages(queryClient);

const router = createRouter({
  routeTree,
  context: { queryClient, feedFilters: createFeedFilters(), isMobile: isMobileNow },
  ...ROUTER_OPTIONS,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

/**
 * React DOM's client is the largest module of the first page's code. Imported here, it would be evaluated in the same
 * task as everything else the entry runs (a long task on a phone); imported lazily, its module (preloaded by
 * index.html, so it downloads beside the entry) is evaluated in a task of its own while the first route settles.
 */
const reactDomClient = import("react-dom/client");

const screen = { mobile: isMobileNow() };
const firstFeedInPage = startFirstPageRequests(router, queryClient, screen.mobile);
startServiceWorker(router.history);
startErrorReports();

/**
 * The first render waits for the router to settle the first route when that is quick (the feed: its code comes with
 * the entry and it has no guard), so it draws the whole page at once instead of drawing the shell and then, in one
 * synchronous pass when the router's store changes, the page. A route whose guard waits for the network renders after
 * this wait: shell, then the router's pending screen. The render is a transition, so React yields to the
 * browser between components rather than holding the main thread for the whole page (docs/decisions/0029-first-view-cost.md).
 */
const FIRST_ROUTE_WAIT_MS = 200;

/**
 * Tells web/public/early-taps.js that React now answers the page: it stops keeping taps, and taps again the last
 * button tapped before, when React took over the markup that button is part of (`hydrated`).
 */
const APP_TOOK_OVER = "pickstreak:took-over";
const announceTakeOver = (hydrated: boolean) =>
  window.dispatchEvent(new CustomEvent(APP_TOOK_OVER, { detail: { hydrated } }));

/**
 * A visitor's /home comes with the page drawn by the worker from the same components and the same first page of the
 * feed (web/src/ssr): React takes that markup over rather than drawing it again, so what the phone painted before
 * this code arrived stays on screen. The worker draws it for the sort of the screen it guessed, and brings that page
 * of the feed; when this screen starts on another sort the page is not used, and React draws its own in place of the
 * markup. Any other difference (a route that did not settle in time, a card that closed meanwhile) costs the same
 * redraw, and is reported as a warning: the player sees the page either way.
 */
const renderApp = (container: HTMLElement, { createRoot, hydrateRoot }: typeof import("react-dom/client")) => {
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} screen={screen} />
    </StrictMode>
  );
  const onUncaughtError = (error: unknown) => {
    reportCaughtError(error);
    renderBootFailure(container);
  };
  if (firstFeedInPage && container.hasChildNodes()) {
    // What the router says after taking over a page drawn by a server: it then leaves out the two suspense
    // boundaries it adds around the first route only in the browser, which the markup does not have.
    router.ssr = { manifest: undefined };
    const onRecoverableError = (error: unknown) => console.warn("first_view_redrawn", error);
    startTransition(() => void hydrateRoot(container, app, { onUncaughtError, onRecoverableError }));
    announceTakeOver(true);
    return;
  }
  const reactRoot = createRoot(container, { onUncaughtError });
  startTransition(() => reactRoot.render(app));
  announceTakeOver(false);
};

// Offline the first route waits for the pages kept on the device (a few milliseconds of IndexedDB): a signed-in page's
// guard then finds the player instead of waiting for a network that is not there. Online nothing waits for them.
const firstRoute = Promise.race([
  (navigator.onLine ? Promise.resolve() : pagesKept).then(() => router.load()).catch(console.error),
  new Promise((settle) => setTimeout(settle, FIRST_ROUTE_WAIT_MS)),
]);
void Promise.all([reactDomClient, firstRoute])
  .then(([client]) => {
    const root = document.getElementById("root");
    if (!root) throw new Error("Missing #root");
    renderApp(root, client);
  })
  .catch((error: unknown) => {
    console.error("boot_failed", error);
    announceTakeOver(false);
    renderBootFailure(document.getElementById("root") ?? document.body);
  });
