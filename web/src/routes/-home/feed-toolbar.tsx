import { Star } from "lucide-react";
import { FEED_SORTS, type FeedSort } from "../../features/feed/feed-queries";
import { DayNav } from "../../features/shell/day-nav";
import { useEarlyField } from "../../lib/use-early-field";
import { useIsMobile } from "../../lib/use-media";

type Props = {
  search: string;
  onSearch: (value: string) => void;
  sort: FeedSort;
  onSort: (sort: FeedSort) => void;
  bookmarkedOnly: boolean;
  onBookmarkedOnly: (value: boolean) => void;
  signedIn: boolean;
};

const CHIP = "h-11 shrink-0 rounded-full border px-3 text-sm md:h-auto md:py-1";

const sortNamed = (value: string) => FEED_SORTS.find((option) => option.value === value)?.value;

export const FeedToolbar = ({ search, onSearch, sort, onSort, bookmarkedOnly, onBookmarkedOnly, signedIn }: Props) => {
  const searchField = useEarlyField<HTMLInputElement>(search, onSearch);
  const chooseSort = (value: string) => {
    const chosen = sortNamed(value);
    if (chosen) onSort(chosen);
  };
  const sortField = useEarlyField<HTMLSelectElement>(sort, chooseSort);
  // The header's day control, brought down beside the search on a phone where the sports take the header's row.
  const mobile = useIsMobile();
  return (
    <div className="mb-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex min-w-0 flex-1 basis-full items-center gap-2 sm:basis-auto">
          <label className="min-w-0 flex-1">
            <span className="sr-only">Search questions</span>
            <input
              ref={searchField}
              type="search"
              value={search}
              onChange={(event) => onSearch(event.target.value)}
              placeholder="Search questions"
              className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm md:h-auto md:py-2 dark:border-slate-700 dark:bg-slate-950"
            />
          </label>
          {mobile ? <DayNav /> : null}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only md:not-sr-only">Sort</span>
          <select
            ref={sortField}
            value={sort}
            onChange={(event) => chooseSort(event.target.value)}
            className="h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm md:h-auto md:py-2 dark:border-slate-700 dark:bg-slate-950"
          >
            {FEED_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {signedIn ? (
          <button
            type="button"
            aria-pressed={bookmarkedOnly}
            onClick={() => onBookmarkedOnly(!bookmarkedOnly)}
            className={`${CHIP} ${bookmarkedOnly ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 dark:border-slate-700"}`}
          >
            <Star
              aria-hidden="true"
              size={14}
              className="-mt-0.5 mr-1 inline"
              fill={bookmarkedOnly ? "currentColor" : "none"}
            />
            Bookmarked
          </button>
        ) : null}
      </div>
    </div>
  );
};
