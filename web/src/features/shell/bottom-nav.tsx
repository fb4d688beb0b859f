import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { ActivityIcon, HomeIcon, MoreIcon, StandingsIcon } from "./nav-icons";
import { PicksBadge, usePicksBadge } from "./picks-badge";

// The menu and its dialog library load on the first tap of More, not at start-up.
const MoreMenu = lazy(() => import("./more-menu").then((m) => ({ default: m.MoreMenu })));

const TABS = [
  { to: "/home", label: "Home", Icon: HomeIcon },
  { to: "/activity", label: "Activity", Icon: ActivityIcon },
  { to: "/leaderboard", label: "Standings", Icon: StandingsIcon },
] as const;

const TAB_CLASS =
  "flex flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium text-slate-700 dark:text-slate-300 aria-[current=page]:text-brand-700 dark:aria-[current=page]:text-brand-500";

/** Phones only: 56 px bar with Home, Activity, Standings and More (which carries the My Picks badge, as My Picks lives there). */
export const BottomNav = () => {
  const [menuOpen, setMenuOpen] = useState(false);
  const badge = usePicksBadge();

  return (
    <>
      <nav
        aria-label="Main"
        data-testid="bottom-nav"
        className="fixed inset-x-0 bottom-0 z-40 flex h-14 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        {TABS.map(({ to, label, Icon }) => (
          <Link key={to} to={to} className={TAB_CLASS}>
            <Icon />
            {label}
          </Link>
        ))}
        <button type="button" onClick={() => setMenuOpen(true)} className={`relative ${TAB_CLASS}`}>
          <MoreIcon />
          More
          {badge > 0 ? (
            <span className="absolute left-1/2 top-0.5 ml-1">
              <PicksBadge count={badge} />
            </span>
          ) : null}
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
