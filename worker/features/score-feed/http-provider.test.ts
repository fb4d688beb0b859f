import { afterEach, describe, expect, it, vi } from "vitest";
import { FEED_URL, useFakeScoreFeed } from "../../test/score-feed";
import { httpScoreFeed, readEvents } from "./http-provider";
import { ScoreFeedUnavailable } from "./provider";

afterEach(() => {
  vi.restoreAllMocks();
});

const event = (overrides: Record<string, unknown> = {}) => ({
  id: "e1",
  sport: "NHL",
  startsAt: "2026-03-01T19:00:00Z",
  status: "final",
  home: { name: "Oilers", score: 4 },
  away: { name: "Maple Leafs", score: 2 },
  ...overrides,
});

describe("the score API's payload", () => {
  it("keeps the events that validate and leaves out each one that does not", () => {
    const events = readEvents({
      events: [
        event(),
        event({ id: "no-scores", home: { name: "Oilers", score: null } }),
        event({ id: "text-score", away: { name: "Leafs", score: "2" } }),
        event({ id: "unknown-status", status: "FT" }),
        event({ id: "bad-date", startsAt: "tomorrow" }),
        "not an event",
      ],
    });
    expect(events).toEqual([
      {
        id: "e1",
        sport: "NHL",
        homeTeam: "Oilers",
        awayTeam: "Maple Leafs",
        startsAt: Date.parse("2026-03-01T19:00:00Z"),
        status: "final",
        homeScore: 4,
        awayScore: 2,
      },
    ]);
  });

  it("refuses an answer without an event list as a whole", () => {
    expect(() => readEvents({ data: [] })).toThrow(ScoreFeedUnavailable);
    expect(() => readEvents(null)).toThrow(ScoreFeedUnavailable);
  });

  it("sends the key, and treats a refused key as the feed being unavailable", async () => {
    const feed = useFakeScoreFeed();
    const withKey = await httpScoreFeed({ url: FEED_URL, key: "test-score-feed-key" }).events(["nfl-chiefs-bills"]);
    expect(withKey.map((e) => e.id)).toEqual(["nfl-chiefs-bills"]);
    expect(feed.requests.at(-1)?.searchParams.get("ids")).toBe("nfl-chiefs-bills");
    await expect(httpScoreFeed({ url: FEED_URL, key: "wrong" }).upcoming()).rejects.toMatchObject({
      reason: "status_401",
    });
  });
});
