import { env } from "cloudflare:test";
import { vi } from "vitest";
import { createScoreFeedStandin } from "../../scripts/score-feed-standin/standin";
import { apiClient, bodyAt } from "./client";

// Feature tests reach the stand-in through this module, so nothing under worker/features imports from scripts/.
export {
  addEvent,
  cancelEvent,
  correctScore,
  finishEvent,
  postponeEvent,
  setPayloadMode,
} from "../../scripts/score-feed-standin/store";

export const FEED_URL = "https://scores.feed.test/";
const FEED_KEY = "test-score-feed-key";

/** The test environment with the score feed configured, for calls and cron runs that should see it. */
export const feedEnv = { ...env, SCORE_FEED_URL: FEED_URL, SCORE_FEED_KEY: FEED_KEY } as Env;

/**
 * The stand-in's own code answering the worker's requests to the score API inside the test isolate (nothing leaves
 * the machine); tests move its events with the store functions above. `requests` counts what reached it.
 */
export const useFakeScoreFeed = () => {
  const standin = createScoreFeedStandin({ key: FEED_KEY });
  const realFetch = globalThis.fetch;
  const requests: URL[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(FEED_URL)) return realFetch(request);
    requests.push(new URL(request.url));
    return standin.handle(request);
  });
  return { ...standin, requests };
};

export type FakeScoreFeed = ReturnType<typeof useFakeScoreFeed>;

type Rule = { sideA?: "home" | "away" | null; line?: number | null };

/** Links a question to an event through the admin API, as the question form does. */
export const linkToEvent = async (
  adminBearer: Record<string, string>,
  questionId: string,
  eventId: string,
  rule: Rule,
) => {
  const response = await apiClient({ headers: adminBearer, env: feedEnv }).admin["score-feed"].links[
    ":questionId"
  ].$put({ param: { questionId }, json: { eventId, sideA: rule.sideA ?? null, line: rule.line ?? null } });
  return bodyAt(response, 200);
};

/** Picking closes as the event starts: the cron only asks about events of questions past their deadline. */
export const closePicking = (questionId: string) =>
  env.DB.prepare("UPDATE questions SET deadline = ? WHERE id = ?")
    .bind(Date.now() - 1000, questionId)
    .run();

export const feedLink = (questionId: string) =>
  env.DB.prepare(
    "SELECT state, proposed_outcome, home_score, away_score, event_status, final_at, finalized_at FROM score_feed_links WHERE question_id = ?",
  )
    .bind(questionId)
    .first<{
      state: string;
      proposed_outcome: string | null;
      home_score: number | null;
      away_score: number | null;
      event_status: string;
      final_at: number | null;
      finalized_at: number | null;
    }>();

/** Each test starts without links, so the cron's bounded pass sees only its own questions. */
export const clearFeedLinks = () =>
  env.DB.batch(
    ["score_feed_challenges", "score_feed_alerts", "score_feed_links"].map((table) =>
      env.DB.prepare(`DELETE FROM ${table}`),
    ),
  );
