import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet, useLocation } from "@tanstack/react-router";
import { ReportedErrorScreen } from "../components/error-screen";
import { NotFound } from "../components/not-found";
import { useCountryDetection } from "../features/auth/use-country-detection";
import { VisitorOffers } from "../features/auth/visitor-offers";
import { FeedFiltersProvider, type FeedFiltersStore } from "../features/feed/feed-filters";
import { LiveUpdates } from "../features/live/credit-burst";
import { SettledPicksAnnouncer } from "../features/picks/settled-announcer";
import { OfflineBanner } from "../features/pwa/offline-banner";
import { BottomNav } from "../features/shell/bottom-nav";
import { Footer } from "../features/shell/footer";
import { Header } from "../features/shell/header";
import { LoadingBar } from "../features/shell/loading-bar";
import { ModalProvider } from "../features/shell/modals";
import { NavigationEffects } from "../features/shell/navigation-effects";
import { ToasterHost } from "../features/shell/toaster-host";

/** What loaders read: the query cache, and what the feed's first page depends on besides the session. */
export type RouterContext = { queryClient: QueryClient; feedFilters: FeedFiltersStore; isMobile: () => boolean };

const LEGAL_PATHS = ["/terms-of-service", "/privacy-policy", "/data-deletion"];

const RootLayout = () => {
  const { pathname } = useLocation();
  const { feedFilters } = Route.useRouteContext();
  useCountryDetection();
  const onAuth = pathname === "/auth";
  const showHeader = !onAuth && !pathname.startsWith("/admin");
  const showBottomNav = !onAuth && !LEGAL_PATHS.includes(pathname);

  return (
    <FeedFiltersProvider store={feedFilters}>
      <ModalProvider>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[70] focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <LoadingBar />
        <NavigationEffects />
        {showHeader ? <Header /> : null}
        <OfflineBanner />
        <main id="main" className={`min-h-[60vh] ${showBottomNav ? "pb-20 md:pb-16" : "pb-16"}`}>
          <Outlet />
        </main>
        {onAuth ? null : <Footer />}
        {showBottomNav ? <BottomNav /> : null}
        <VisitorOffers />
        <LiveUpdates />
        <SettledPicksAnnouncer />
        <ToasterHost />
      </ModalProvider>
    </FeedFiltersProvider>
  );
};

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: ({ error, reset }) => <ReportedErrorScreen error={error} onRetry={reset} />,
});
