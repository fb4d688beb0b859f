import { Star } from "lucide-react";
import { FEED_SORTS, type FeedSort } from "../../features/feed/feed-queries";
import { useEarlyField } from "../../lib/use-early-field";

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

const sortNamed = (value: string) => FEED_SORTS.find((option) => option.value === value)?.value;

export const FeedToolbar = ({ search, onSearch, sort, onSort, bookmarkedOnly, onBookmarkedOnly, signedIn }: Props) => {
  const searchField = useEarlyField<HTMLInputElement>(search, onSearch);
  const chooseSort = (value: string) => {
    const chosen = sortNamed(value);
    if (chosen) onSort(chosen);
  };
  const sortField = useEarlyField<HTMLSelectElement>(sort, chooseSort);
  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {/* Its own line on a phone, so the field keeps a usable width beside nothing. */}
        <label className="min-w-0 flex-1 basis-full sm:basis-auto">
          <span className="sr-only">Search questions</span>
          <input
            ref={searchField}
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder="Search questions"
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only md:not-sr-only">Sort</span>
          <select
            ref={sortField}
            value={sort}
            onChange={(event) => chooseSort(event.target.value)}
            className="rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
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
