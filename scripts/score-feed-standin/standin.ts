import * as z from "zod";
import {
  addEvent,
  cancelEvent,
  correctScore,
  createStore,
  finishEvent,
  postponeEvent,
  setPayloadMode,
  type Store,
  type StoredEvent,
} from "./store";

export type ScoreFeedStandinConfig = { key?: string | undefined };

const json = (body: unknown, status = 200) => Response.json(body, { status });
const problem = (status: number, message: string) => json({ error: message }, status);

/** An event as the score API answers it. */
const toApi = (event: StoredEvent) => ({
  id: event.id,
  sport: event.sport,
  startsAt: new Date(event.startsAt).toISOString(),
  status: event.status,
  home: { name: event.home, score: event.homeScore },
  away: { name: event.away, score: event.awayScore },
});

/** Payloads a real API might send on a bad day: scores as text and unknown states, or no event list at all. */
const broken = (events: StoredEvent[]) =>
  events.map((event) => ({
    id: event.id,
    status: "FT",
    home: event.home,
    away: event.away,
    score: `${event.homeScore}-${event.awayScore}`,
  }));

const listEvents = (store: Store, url: URL) => {
  const ids = url.searchParams.get("ids");
  const limit = Number(url.searchParams.get("limit") ?? 100);
  const all = [...store.events.values()];
  const events = ids
    ? ids.split(",").flatMap((id) => all.filter((event) => event.id === id))
    : all
        .filter((event) => event.status === "scheduled" && event.startsAt > Date.now())
        .sort((a, b) => a.startsAt - b.startsAt)
        .slice(0, limit);
  if (store.mode === "bad-answer") return json({ data: "temporarily unavailable" });
  return json({ events: store.mode === "bad-events" ? broken(events) : events.map(toApi) });
};

const score = z.number().int().min(0).max(1000);
const newEventSchema = z.object({
  id: z.string().min(1).max(100).optional(),
  sport: z.string().min(1).max(60),
  home: z.string().min(1).max(100),
  away: z.string().min(1).max(100),
  startsAt: z.number().int().optional(),
});
const scoreSchema = z.object({ home: score, away: score });
const modeSchema = z.object({ mode: z.enum(["valid", "bad-events", "bad-answer"]) });

const CONTROL = /^\/control\/events\/([^/]+)\/(final|postponed|cancelled|correction)$/;

/** Test controls: add an event, end it (final with a score, postponed, cancelled), correct its score, break the payload. */
const control = async (store: Store, request: Request, path: string) => {
  const body: unknown = request.headers.get("content-type")?.includes("json")
    ? await request.json().catch(() => null)
    : {};
  if (path === "/control/events") {
    const input = newEventSchema.safeParse(body);
    return input.success ? json(toApi(addEvent(store, input.data)), 201) : problem(400, z.prettifyError(input.error));
  }
  if (path === "/control/payload") {
    const input = modeSchema.safeParse(body);
    if (!input.success) return problem(400, z.prettifyError(input.error));
    setPayloadMode(store, input.data.mode);
    return json({ mode: store.mode });
  }
  const [, id = "", action] = path.match(CONTROL) ?? [];
  if (!action) return problem(404, "Unknown control");
  let event: StoredEvent | null;
  if (action === "postponed") event = postponeEvent(store, id);
  else if (action === "cancelled") event = cancelEvent(store, id);
  else {
    const input = scoreSchema.safeParse(body);
    if (!input.success) return problem(400, z.prettifyError(input.error));
    event =
      action === "final"
        ? finishEvent(store, id, input.data.home, input.data.away)
        : correctScore(store, id, input.data.home, input.data.away);
  }
  return event ? json(toApi(event)) : problem(404, "No such event");
};

/**
 * The score API stand-in as a fetch handler, so the Node server (development, browser tests) and the worker tests
 * run the same code: GET /v1/events (upcoming, or ?ids=) behind a Bearer key when one is set, and POST /control/*.
 */
export const createScoreFeedStandin = (config: ScoreFeedStandinConfig = {}) => {
  const store = createStore();
  const handle = async (request: Request) => {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname.startsWith("/control/")) return control(store, request, url.pathname);
    if (request.method !== "GET" || url.pathname !== "/v1/events") return problem(404, "Not found");
    if (config.key && request.headers.get("authorization") !== `Bearer ${config.key}`)
      return problem(401, "Invalid API key");
    return listEvents(store, url);
  };
  return { store, handle };
};

export type ScoreFeedStandin = ReturnType<typeof createScoreFeedStandin>;
