import { dayLabel } from "../feed/day-label";
import { useFeedFilters } from "../feed/feed-filters";

const ARROW = "rounded-full px-2 py-1 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

/** Steps through event days (Yesterday, Today, Tomorrow, 'MMM d'); without a day every upcoming question shows. */
export const DayNav = () => {
  const { filters, shiftDay, clearDay } = useFeedFilters();
  const offset = filters.dayOffset;
  return (
    <div className="flex items-center gap-1" role="group" aria-label="Event date">
      <button type="button" onClick={() => shiftDay(-1)} aria-label="Previous day" className={ARROW}>‹</button>
      <span aria-live="polite" className="min-w-20 text-center text-sm font-semibold" data-testid="day-label">
        {offset === null ? "All days" : dayLabel(offset)}
      </span>
      <button type="button" onClick={() => shiftDay(1)} aria-label="Next day" className={ARROW}>›</button>
      {offset === null ? null : (
        <button type="button" onClick={clearDay} aria-label="Show all days" className={ARROW}>✕</button>
      )}
    </div>
  );
};
