import { X } from "lucide-react";
import { dayLabel } from "../feed/day-label";
import { useFeedFilters } from "../feed/feed-filters";

// A finger's 44 px on phones, where the control sits beside the feed's search; 32 px in the desktop header.
const ARROW =
  "flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-lg leading-none text-slate-700 hover:bg-slate-100 md:h-8 md:w-8 dark:text-slate-200 dark:hover:bg-slate-800";

/** Steps through event days (Yesterday, Today, Tomorrow, 'MMM d'); without a day every upcoming question shows. */
export const DayNav = () => {
  const { filters, shiftDay, clearDay } = useFeedFilters();
  const offset = filters.dayOffset;
  return (
    <div className="flex shrink-0 items-center" role="group" aria-label="Event date" data-testid="day-nav">
      <button type="button" onClick={() => shiftDay(-1)} aria-label="Previous day" className={ARROW}>
        ‹
      </button>
      <span
        aria-live="polite"
        className="w-[4.5rem] text-center text-xs font-semibold sm:w-20 sm:text-sm"
        data-testid="day-label"
      >
        {offset === null ? "All days" : dayLabel(offset)}
      </span>
      <button type="button" onClick={() => shiftDay(1)} aria-label="Next day" className={ARROW}>
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
