import { Link, useLocation } from "@tanstack/react-router";
import { useRef } from "react";
import { useFeedFilters } from "../feed/feed-filters";
import { useIsMobile } from "../../lib/use-media";
import { AuthArea } from "./auth-area";
import { DayNav } from "./day-nav";
import { useModals } from "./modals";
import { PrimaryNav } from "./primary-nav";
import { SportsTabs } from "./sports-tabs";
import { useHeaderHeight } from "./use-header-height";

export const Header = () => {
  const ref = useRef<HTMLElement>(null);
  useHeaderHeight(ref);
  const { reset } = useFeedFilters();
  const { openModal } = useModals();
  // The sports and the day filter the feed: elsewhere they would be a row of controls that do nothing.
  const onFeed = ["/", "/home"].includes(useLocation({ select: (location) => location.pathname }));
  const mobile = useIsMobile();

  return (
    <header
      ref={ref}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-1 md:gap-3 md:py-2">
        <Link
          to="/"
          onClick={reset}
          className="flex h-11 shrink-0 items-center gap-2 text-xl font-black tracking-tight"
          aria-label="Pickstreak home"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {/* Between 768 and 1024 px the page links need the room. */}
          <span className="md:hidden lg:inline">
            Pick<span className="text-brand-700 dark:text-brand-500">streak</span>
          </span>
        </Link>
        <PrimaryNav />
        <div className="flex shrink-0 items-center gap-2 md:gap-3">
          <button
            type="button"
            onClick={() => openModal("how-it-works")}
            className="hidden text-sm font-medium hover:underline lg:inline"
          >
            How it works
          </button>
          <AuthArea />
        </div>
      </div>
      {onFeed ? (
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4">
          <div className="min-w-0 flex-1">
            <SportsTabs />
          </div>
          {/* A phone's feed has the day beside its search, leaving this row to the sports. */}
          {mobile ? null : (
            <div className="pb-1">
              <DayNav />
            </div>
          )}
        </div>
      ) : null}
    </header>
  );
};
