import * as z from "zod";
import { SCORE_FEED } from "../../config";
import { feedEventStatuses } from "../../db/schema";
import { log } from "../../lib/log";
import { ScoreFeedUnavailable, type FeedEvent, type ScoreFeedProvider } from "./provider";

const score = z.number().int().min(0).max(100_000).nullable();
const side = z.object({ name: z.string().trim().min(1).max(100), score });

/**
 * An event of the score API: `{ id, sport, startsAt (ISO 8601), status, home: { name, score }, away: { name, score } }`.
 * A final event must carry both scores.
 */
const eventSchema = z
  .object({
    id: z.string().min(1).max(100),
    sport: z.string().max(60).nullable().optional(),
    startsAt: z.iso.datetime({ offset: true }),
    status: z.enum(feedEventStatuses),
    home: side,
    away: side,
  })
  .refine((event) => event.status !== "final" || (event.home.score !== null && event.away.score !== null), {
    message: "a final event needs both scores",
  });

const answerSchema = z.object({ events: z.array(z.unknown()).max(1000) });

const toEvent = (event: z.infer<typeof eventSchema>): FeedEvent => ({
  id: event.id,
  sport: event.sport ?? null,
  homeTeam: event.home.name,
  awayTeam: event.away.name,
  startsAt: Date.parse(event.startsAt),
  status: event.status,
  homeScore: event.home.score,
  awayScore: event.away.score,
});

/** Events that validate; each one that does not is logged with why and skipped. */
export const readEvents = (body: unknown): FeedEvent[] => {
  const answer = answerSchema.safeParse(body);
  if (!answer.success) {
    log("warn", "score_feed_bad_payload", { issues: z.prettifyError(answer.error) });
    throw new ScoreFeedUnavailable("invalid_answer");
  }
  return answer.data.events.flatMap((raw) => {
    const event = eventSchema.safeParse(raw);
    if (event.success) return [toEvent(event.data)];
    const id = typeof raw === "object" && raw !== null && "id" in raw ? String(raw.id).slice(0, 100) : null;
    log("warn", "score_feed_bad_event", { id, issues: z.prettifyError(event.error) });
    return [];
  });
};

type HttpFeedConfig = { url: string; key: string | undefined };

/** The production adapter: the score API at SCORE_FEED_URL, authenticated with SCORE_FEED_KEY. */
export const httpScoreFeed = ({ url, key }: HttpFeedConfig): ScoreFeedProvider => {
  const get = async (query: Record<string, string>) => {
    const target = new URL("v1/events", url.endsWith("/") ? url : `${url}/`);
    for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
    let body: unknown;
    try {
      const response = await fetch(target, {
        headers: { Accept: "application/json", ...(key ? { Authorization: `Bearer ${key}` } : {}) },
        signal: AbortSignal.timeout(SCORE_FEED.timeoutMs),
      });
      if (!response.ok) throw new ScoreFeedUnavailable(`status_${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof ScoreFeedUnavailable) throw error;
      throw new ScoreFeedUnavailable(error instanceof Error ? error.name : "fetch_failed");
    }
    return readEvents(body);
  };
  return {
    upcoming: () => get({ status: "upcoming", limit: String(SCORE_FEED.upcomingLimit) }),
    events: async (ids) => (ids.length === 0 ? [] : get({ ids: ids.join(",") })),
  };
};
