import { FIXTURES } from "./fixtures";

export type EventStatus = "scheduled" | "live" | "final" | "postponed" | "cancelled";

export type StoredEvent = {
  id: string;
  sport: string;
  home: string;
  away: string;
  startsAt: number;
  status: EventStatus;
  homeScore: number | null;
  awayScore: number | null;
};

/** What the API answers with: true data, every event broken, or no event list at all. */
export type PayloadMode = "valid" | "bad-events" | "bad-answer";

const HOUR = 60 * 60 * 1000;

/** The stand-in's events, in memory: the fixtures, plus any a test adds. */
export const createStore = (now = Date.now()) => {
  const events = new Map<string, StoredEvent>(
    FIXTURES.map((f) => [
      f.id,
      {
        id: f.id,
        sport: f.sport,
        home: f.home,
        away: f.away,
        startsAt: now + f.hours * HOUR,
        status: "scheduled",
        homeScore: null,
        awayScore: null,
      },
    ]),
  );
  return { events, mode: "valid" as PayloadMode };
};

export type Store = ReturnType<typeof createStore>;

export const addEvent = (
  store: Store,
  event: Pick<StoredEvent, "sport" | "home" | "away"> & { id?: string | undefined; startsAt?: number | undefined },
) => {
  const id = event.id ?? `evt-${crypto.randomUUID().slice(0, 8)}`;
  const stored: StoredEvent = {
    id,
    sport: event.sport,
    home: event.home,
    away: event.away,
    startsAt: event.startsAt ?? Date.now() + HOUR,
    status: "scheduled",
    homeScore: null,
    awayScore: null,
  };
  store.events.set(id, stored);
  return stored;
};

const update = (store: Store, id: string, change: Partial<StoredEvent>) => {
  const event = store.events.get(id);
  if (!event) return null;
  Object.assign(event, change);
  return event;
};

/** The match is over with this score. */
export const finishEvent = (store: Store, id: string, homeScore: number, awayScore: number) =>
  update(store, id, { status: "final", homeScore, awayScore });
/** The league corrects the score (and keeps the match final). */
export const correctScore = (store: Store, id: string, homeScore: number, awayScore: number) =>
  update(store, id, { homeScore, awayScore });
export const postponeEvent = (store: Store, id: string) =>
  update(store, id, { status: "postponed", homeScore: null, awayScore: null });
export const cancelEvent = (store: Store, id: string) =>
  update(store, id, { status: "cancelled", homeScore: null, awayScore: null });
export const setPayloadMode = (store: Store, mode: PayloadMode) => {
  store.mode = mode;
};
