import "./lib/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
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

const root = document.getElementById("root");
try {
  if (!root) throw new Error("Missing #root");
  createRoot(root, { onUncaughtError: () => renderBootFailure(root) }).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <RouterProvider router={router} />
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
} catch (error) {
  console.error("boot_failed", error);
  renderBootFailure(root ?? document.body);
}
