import { useQuery } from "@tanstack/react-query";
import { categoriesQueryOptions } from "../../features/feed/categories-query";
import { FEED_SORTS, type FeedSort } from "../../features/feed/feed-queries";
import { activeTab, ALL_SPORTS, useFeedFilters } from "../../features/feed/feed-filters";

type Props = {
  search: string;
  onSearch: (value: string) => void;
  sort: FeedSort;
  onSort: (sort: FeedSort) => void;
  bookmarkedOnly: boolean;
  onBookmarkedOnly: (value: boolean) => void;
  signedIn: boolean;
};

const CHIP = "shrink-0 rounded-full border px-3 py-1 text-sm";

export const FeedToolbar = ({ search, onSearch, sort, onSort, bookmarkedOnly, onBookmarkedOnly, signedIn }: Props) => {
  const { data } = useQuery(categoriesQueryOptions);
  const { filters, chooseTab } = useFeedFilters();
  const current = activeTab(filters);
  const chips = [{ name: ALL_SPORTS, count: null as number | null }, ...(data?.categories ?? [])];

  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Search questions</span>
          <input
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder="Search questions"
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only md:not-sr-only">Sort</span>
          <select value={sort} onChange={(event) => onSort(event.target.value as FeedSort)} className="rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-700 dark:bg-slate-950">
            {FEED_SORTS.map((option) => (
              <option key={option.value} value={option.value}>{option.label}</option>
            ))}
          </select>
        </label>
        {signedIn ? (
          <button type="button" aria-pressed={bookmarkedOnly} onClick={() => onBookmarkedOnly(!bookmarkedOnly)} className={`${CHIP} ${bookmarkedOnly ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 dark:border-slate-700"}`}>
            ★ Bookmarked
          </button>
        ) : null}
      </div>
      <div className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:none]" aria-label="Categories" role="group">
        {chips.map((chip) => (
          <button key={chip.name} type="button" aria-pressed={current === chip.name} onClick={() => chooseTab(chip.name)} className={`${CHIP} ${current === chip.name ? "border-slate-900 bg-slate-900 text-white dark:border-white dark:bg-white dark:text-slate-900" : "border-slate-300 dark:border-slate-700"}`}>
            {chip.name}{chip.count === null ? "" : ` (${chip.count})`}
          </button>
        ))}
      </div>
    </div>
  );
};
