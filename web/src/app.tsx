import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider, type AnyRouter } from "@tanstack/react-router";
import { RoutePending } from "./features/pwa/waiting-for-network";
import { ThemeProvider } from "./features/shell/theme-provider";
import { FirstRenderScreenContext } from "./lib/use-media";

/** The router's settings, the same in the browser and in the worker's first view of /home (web/src/ssr). */
export const ROUTER_OPTIONS = {
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: false,
  // Offline, a signed-in page waits in its guard for the session: its place says that it needs a connection.
  defaultPendingComponent: RoutePending,
} as const;

type Props = { queryClient: QueryClient; router: AnyRouter; screen: { mobile: boolean } };

/** The app's providers around its router: what the browser renders and what the worker draws first. */
export const App = ({ queryClient, router, screen }: Props) => (
  <FirstRenderScreenContext.Provider value={screen}>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>
  </FirstRenderScreenContext.Provider>
);
