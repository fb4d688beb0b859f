import { X } from "lucide-react";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { dayLabel } from "../feed/day-label";
import { useFeedFilters } from "../feed/feed-filters";

// 32 px targets on phones (the whole control stays under 170 px so it fits a 360 px screen beside the sports tabs).
const ARROW =
  "flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-lg leading-none text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

/** Steps through event days (Yesterday, Today, Tomorrow, 'MMM d'); without a day every upcoming question shows. */
export const DayNav = () => {
  const { filters, shiftDay, clearDay } = useFeedFilters();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const offset = filters.dayOffset;
  // Like the sports tabs: a day chosen elsewhere is shown on the feed.
  const step = (delta: number) => {
    shiftDay(delta);
    if (pathname !== "/home") void navigate({ to: "/" });
  };
  return (
    <div
      className="flex items-center border-l border-slate-200 pl-1 sm:border-0 sm:pl-0 dark:border-slate-800"
      role="group"
      aria-label="Event date"
      data-testid="day-nav"
    >
      <button type="button" onClick={() => step(-1)} aria-label="Previous day" className={ARROW}>
        ‹
      </button>
      <span
        aria-live="polite"
        className="w-[4.5rem] text-center text-xs font-semibold sm:w-20 sm:text-sm"
        data-testid="day-label"
      >
        {offset === null ? "All days" : dayLabel(offset)}
      </span>
      <button type="button" onClick={() => step(1)} aria-label="Next day" className={ARROW}>
        ›
      </button>
      {offset === null ? null : (
        <button type="button" onClick={clearDay} aria-label="Show all days" className={`${ARROW} text-sm`}>
          <X aria-hidden="true" size={16} />
        </button>
      )}
    </div>
  );
};
