import "./lib/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { followBrowserConnection } from "./features/pwa/connection";
import { reloadOnceOnMissingChunk } from "./features/pwa/missing-chunk";
import { startServiceWorker } from "./features/pwa/service-worker";
import { RoutePending } from "./features/pwa/waiting-for-network";
import { ThemeProvider } from "./features/shell/theme-provider";
import { createQueryClient } from "./lib/query-client";
import { routeTree } from "./routeTree.gen";
import { renderBootFailure } from "./boot-failure";
import { startFirstPageRequests } from "./boot-prefetch";
import "./styles.css";

followBrowserConnection();
// Reading sessionStorage can throw in a locked-down browser: only inside the handler, where it is caught.
const tabStorage = { getItem: (key: string) => sessionStorage.getItem(key), setItem: (key: string, value: string) => sessionStorage.setItem(key, value) };
window.addEventListener("vite:preloadError", reloadOnceOnMissingChunk(tabStorage, () => window.location.reload()));
const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: false,
  // Offline, a signed-in page waits in its guard for the session: its place says that it needs a connection.
  defaultPendingComponent: RoutePending,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

startFirstPageRequests(router, queryClient);
startServiceWorker(router.history);

/**
 * The first render waits for the router to settle the first route when that is quick (the feed: its code comes with
 * the entry and it has no guard), so it draws the whole page at once instead of drawing the shell and then, in one
 * synchronous pass when the router's store changes, the page. A route whose guard waits for the network renders after
 * this wait, as before: shell, then the router's pending screen. The render is a transition, so React yields to the
 * browser between components rather than holding the main thread for the whole page (docs/decisions/first-view-cost.md).
 */
const FIRST_ROUTE_WAIT_MS = 200;

const renderApp = (container: HTMLElement) => {
  const reactRoot = createRoot(container, { onUncaughtError: () => renderBootFailure(container) });
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider>
            <RouterProvider router={router} />
          </ThemeProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
};

const firstRoute = Promise.race([router.load().catch(console.error), new Promise((settle) => setTimeout(settle, FIRST_ROUTE_WAIT_MS))]);
void firstRoute.then(() => {
  const root = document.getElementById("root");
  try {
    if (!root) throw new Error("Missing #root");
    renderApp(root);
  } catch (error) {
    console.error("boot_failed", error);
    renderBootFailure(root ?? document.body);
  }
});
