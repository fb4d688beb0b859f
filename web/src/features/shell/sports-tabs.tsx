import { useQuery } from "@tanstack/react-query";
import { categoriesQueryOptions } from "../feed/categories-query";
import { activeTab, ALL_SPORTS, FREE_PICKS, PLAYER_PROPS, useFeedFilters } from "../feed/feed-filters";
import { useScrollEdges } from "./use-scroll-edges";

const MAX_CATEGORY_TABS = 10;

/** The feed's sports: a row that scrolls sideways on a phone, faded at an edge while there is more beyond it. */
export const SportsTabs = () => {
  const { data } = useQuery(categoriesQueryOptions);
  const { filters, chooseTab } = useFeedFilters();
  const current = activeTab(filters);
  const { ref, onScroll, edges } = useScrollEdges<HTMLElement>();

  const tabs = [
    ALL_SPORTS,
    FREE_PICKS,
    ...(data?.hasPlayerProps ? [PLAYER_PROPS] : []),
    ...(data?.categories.slice(0, MAX_CATEGORY_TABS).map((c) => c.name) ?? []),
  ];

  return (
    <nav
      ref={ref}
      onScroll={onScroll}
      aria-label="Sports"
      data-more-left={edges.left || undefined}
      data-more-right={edges.right || undefined}
      className="-mx-1 flex gap-1 overflow-x-auto px-1 [scrollbar-width:none] data-[more-left]:[mask-image:linear-gradient(to_right,transparent,black_2.5rem)] data-[more-right]:[mask-image:linear-gradient(to_left,transparent,black_2.5rem)] data-[more-left]:data-[more-right]:[mask-image:linear-gradient(to_right,transparent,black_2.5rem,black_calc(100%-2.5rem),transparent)]"
    >
      {tabs.map((tab) => {
        const selected = tab === current;
        return (
          // The button is a finger's height (44 px); the pill drawn inside it stays small.
          <button
            key={tab}
            type="button"
            aria-pressed={selected}
            onClick={() => chooseTab(tab)}
            className="group flex h-11 shrink-0 items-center"
          >
            <span
              className={`rounded-full px-3 py-1.5 text-sm font-medium transition-colors ${
                selected
                  ? "bg-brand-700 text-white"
                  : "bg-slate-100 text-slate-800 group-hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:group-hover:bg-slate-700"
              }`}
            >
              {tab}
            </span>
          </button>
        );
      })}
    </nav>
  );
};
