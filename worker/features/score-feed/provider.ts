import type { feedEventStatuses } from "../../db/schema";

export type FeedEventStatus = (typeof feedEventStatuses)[number];

/** One event as every provider reports it; scores are null until the event has them. */
export type FeedEvent = {
  id: string;
  sport: string | null;
  homeTeam: string;
  awayTeam: string;
  startsAt: number;
  status: FeedEventStatus;
  homeScore: number | null;
  awayScore: number | null;
};

/**
 * A source of events and their results. An answer the provider cannot read throws ScoreFeedUnavailable; an event in
 * it that does not validate is logged and left out, never passed on half-read.
 */
export type ScoreFeedProvider = {
  upcoming: () => Promise<FeedEvent[]>;
  events: (ids: readonly string[]) => Promise<FeedEvent[]>;
};

export class ScoreFeedUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`score feed unavailable: ${reason}`);
    this.name = "ScoreFeedUnavailable";
  }
}
