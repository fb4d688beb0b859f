import type { Api } from "./session";

/** The parts of the API's answers a player acts on (shapes in docs/api-conventions.md and /api/openapi.json). */
export type FeedItem = {
  id: string;
  deadline: number;
  creditCost: number;
  bookmarked: boolean;
  myPick: { id: string } | null;
};
export type FeedPage = { items: FeedItem[]; nextCursor: string | null };
export type Credits = { balance: number; redeemable: number };
export type Me = { user: { id: string; country: string }; credits: Credits };
export type Reward = {
  id: string;
  minAmount: number;
  maxAmount: number;
  preselectedAmounts: number[];
  countryCodes: string[];
};
export type LeaderboardPage = { items: { userId: string }[] };

/** What one simulated player remembers between actions, as the web app's query cache would. */
export type Player = {
  api: Api;
  id: string;
  country: string;
  credits: Credits;
  /** The last feed page seen: picks, bookmarks and detail views choose from it. */
  feed: FeedItem[];
  bookmarks: Set<string>;
  subscribed: boolean;
  rewards: Reward[] | null;
  /** Other players seen on a leaderboard, for the stats dialog. */
  others: string[];
};

export const newPlayer = (api: Api, me: Me): Player => ({
  api,
  id: me.user.id,
  country: me.user.country,
  credits: me.credits,
  feed: [],
  bookmarks: new Set(),
  subscribed: false,
  rewards: null,
  others: [],
});
