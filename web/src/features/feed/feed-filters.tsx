import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

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
  if (tab === FREE_PICKS) return { ...filters, sport: ALL_SPORTS, market: ALL_MARKETS, freePicksOnly: true, playerPropsOnly: false };
  if (tab === PLAYER_PROPS) return { ...filters, sport: ALL_SPORTS, market: ALL_MARKETS, freePicksOnly: false, playerPropsOnly: true };
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

const FeedFiltersContext = createContext<FeedFiltersContextValue | null>(null);

export const FeedFiltersProvider = ({ children }: { children: ReactNode }) => {
  const [filters, setFilters] = useState<FeedFilters>(DEFAULT_FILTERS);
  const actions = useMemo(
    () => ({
      chooseTab: (tab: string) => setFilters((current) => selectTab(current, tab)),
      shiftDay: (delta: number) =>
        setFilters((current) => ({ ...current, dayOffset: current.dayOffset === null ? Math.min(delta, 0) : current.dayOffset + delta })),
      clearDay: () => setFilters((current) => ({ ...current, dayOffset: null })),
      reset: () => setFilters(DEFAULT_FILTERS),
    }),
    [],
  );
  const value = useMemo<FeedFiltersContextValue>(() => ({ filters, ...actions }), [filters, actions]);
  return <FeedFiltersContext.Provider value={value}>{children}</FeedFiltersContext.Provider>;
};

export const useFeedFilters = () => {
  const value = useContext(FeedFiltersContext);
  if (!value) throw new Error("useFeedFilters must be used within FeedFiltersProvider");
  return value;
};
