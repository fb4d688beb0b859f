import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import type { $ZodConfig } from "zod/v4/core";
import { ThemeProvider } from "./features/shell/theme-provider";
import { createQueryClient } from "./lib/query-client";
import { routeTree } from "./routeTree.gen";
import { renderBootFailure } from "./boot-failure";
import { startFirstPageRequests } from "./boot-prefetch";
import "./styles.css";

// zod probes `new Function` on its first object parse; under our CSP (no 'unsafe-eval') that probe is reported as a
// violation (Chrome's Issues panel, Lighthouse Best Practices) even though zod catches it. Jitless skips the probe.
// zod reads this global when it loads (its documented way to configure it before import), which keeps zod itself
// out of the entry chunk: `z.config()` here would pull its core in.
(globalThis as { __zod_globalConfig?: $ZodConfig }).__zod_globalConfig = { jitless: true };

const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: false,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

startFirstPageRequests(router, queryClient);

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
