import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";

export const ALL_SPORTS = "All Sports";
export const ALL_MARKETS = "All Markets";
export const FREE_PICKS = "Free Picks";
export const PLAYER_PROPS = "Player Props";

export type FeedFilters = {
  sport: string;
  market: string;
  freePicksOnly: boolean;
  playerPropsOnly: boolean;
  /** Days from today of the event date shown (0 = Today); null shows every upcoming day. */
  dayOffset: number | null;
};

export const DEFAULT_FILTERS: FeedFilters = {
  sport: ALL_SPORTS,
  market: ALL_MARKETS,
  freePicksOnly: false,
  playerPropsOnly: false,
  dayOffset: null,
};

/** The tab rules: Free Picks and Player Props reset sport and market; any other tab clears both flags. */
export const selectTab = (filters: FeedFilters, tab: string): FeedFilters => {
  if (tab === FREE_PICKS)
    return { ...filters, sport: ALL_SPORTS, market: ALL_MARKETS, freePicksOnly: true, playerPropsOnly: false };
  if (tab === PLAYER_PROPS)
    return { ...filters, sport: ALL_SPORTS, market: ALL_MARKETS, freePicksOnly: false, playerPropsOnly: true };
  return { ...filters, sport: tab, freePicksOnly: false, playerPropsOnly: false };
};

export const activeTab = (filters: FeedFilters): string =>
  filters.freePicksOnly ? FREE_PICKS : filters.playerPropsOnly ? PLAYER_PROPS : filters.sport;

type FeedFiltersContextValue = {
  filters: FeedFilters;
  chooseTab: (tab: string) => void;
  shiftDay: (delta: number) => void;
  clearDay: () => void;
  reset: () => void;
};

export type FeedFiltersStore = {
  get: () => FeedFilters;
  update: (next: (current: FeedFilters) => FeedFilters) => void;
  subscribe: (onChange: () => void) => () => void;
};

/**
 * The filters live outside React, one store per app (in the router's context), so the home route's loader asks for
 * the feed the page will show: a sports tab chosen on another page changes them before the navigation to the feed.
 */
export const createFeedFilters = (): FeedFiltersStore => {
  let filters = DEFAULT_FILTERS;
  const listeners = new Set<() => void>();
  return {
    get: () => filters,
    update: (next) => {
      filters = next(filters);
      listeners.forEach((onChange) => onChange());
    },
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
};

const FeedFiltersContext = createContext<FeedFiltersContextValue | null>(null);

export const FeedFiltersProvider = ({ store, children }: { store: FeedFiltersStore; children: ReactNode }) => {
  const filters = useSyncExternalStore(store.subscribe, store.get, store.get);
  const actions = useMemo(
    () => ({
      chooseTab: (tab: string) => store.update((current) => selectTab(current, tab)),
      shiftDay: (delta: number) =>
        store.update((current) => ({
          ...current,
          dayOffset: current.dayOffset === null ? Math.min(delta, 0) : current.dayOffset + delta,
        })),
      clearDay: () => store.update((current) => ({ ...current, dayOffset: null })),
      reset: () => store.update(() => DEFAULT_FILTERS),
    }),
    [store],
  );
  const value = useMemo<FeedFiltersContextValue>(() => ({ filters, ...actions }), [filters, actions]);
  return <FeedFiltersContext.Provider value={value}>{children}</FeedFiltersContext.Provider>;
};

export const useFeedFilters = () => {
  const value = useContext(FeedFiltersContext);
  if (!value) throw new Error("useFeedFilters must be used within FeedFiltersProvider");
  return value;
};
