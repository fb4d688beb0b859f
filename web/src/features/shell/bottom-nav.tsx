import { Link, useLocation } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";

// The menu and its dialog library load on the first tap of More, not at start-up.
const MoreMenu = lazy(() => import("./more-menu").then((m) => ({ default: m.MoreMenu })));

const TABS = [
  { to: "/home", label: "Home", icon: "⌂", matches: ["/", "/home"] },
  { to: "/activity", label: "Activity", icon: "⚡", matches: ["/activity"] },
  { to: "/leaderboard", label: "Standings", icon: "🏆", matches: ["/leaderboard"] },
] as const;

const TAB_CLASS = "flex flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium";

/** Phones only: 56 px bar with Home, Activity, Standings and More. */
export const BottomNav = () => {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <>
      <nav
        aria-label="Main"
        data-testid="bottom-nav"
        className="fixed inset-x-0 bottom-0 z-40 flex h-14 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        {TABS.map((tab) => {
          const active = (tab.matches as readonly string[]).includes(pathname);
          return (
            <Link
              key={tab.to}
              to={tab.to}
              aria-current={active ? "page" : undefined}
              className={`${TAB_CLASS} ${active ? "text-brand-700 dark:text-brand-500" : "text-slate-700 dark:text-slate-300"}`}
            >
              <span aria-hidden="true" className="text-lg leading-none">{tab.icon}</span>
              {tab.label}
            </Link>
          );
        })}
        <button type="button" onClick={() => setMenuOpen(true)} className={`${TAB_CLASS} text-slate-700 dark:text-slate-300`}>
          <span aria-hidden="true" className="text-lg leading-none">☰</span>
          More
        </button>
      </nav>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MoreMenu open onOpenChange={setMenuOpen} />
        </Suspense>
      ) : null}
    </>
  );
};
