import { useQuery } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { categoriesQueryOptions } from "../feed/categories-query";
import { activeTab, ALL_SPORTS, FREE_PICKS, PLAYER_PROPS, useFeedFilters } from "../feed/feed-filters";

const MAX_CATEGORY_TABS = 10;

export const SportsTabs = () => {
  const { data } = useQuery(categoriesQueryOptions);
  const { filters, chooseTab } = useFeedFilters();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = activeTab(filters);

  const tabs = [
    ALL_SPORTS,
    FREE_PICKS,
    ...(data?.hasPlayerProps ? [PLAYER_PROPS] : []),
    ...(data?.categories.slice(0, MAX_CATEGORY_TABS).map((c) => c.name) ?? []),
  ];

  const choose = (tab: string) => {
    chooseTab(tab);
    if (pathname !== "/home") void navigate({ to: "/" });
  };

  return (
    <nav aria-label="Sports" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-2 [scrollbar-width:none]">
      {tabs.map((tab) => {
        const selected = tab === current;
        return (
          <button
            key={tab}
            type="button"
            aria-pressed={selected}
            onClick={() => choose(tab)}
            className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-medium transition-colors ${
              selected
                ? "bg-brand-700 text-white"
                : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
            }`}
          >
            {tab}
          </button>
        );
      })}
    </nav>
  );
};
