import { beforeEach, describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { placePick } from "../../test/players";
import { clearQuestions, insertQuestion } from "../../test/questions";
import { signedInPlayer } from "../../test/sessions";

type FeedQuery = NonNullable<Parameters<ReturnType<typeof apiClient>["questions"]["$get"]>[0]>["query"];
const HOUR = 3600_000;
const feed = (query: FeedQuery = {}) => successOf(apiClient().questions.$get({ query }));
type Page = Awaited<ReturnType<typeof feed>>["body"];
const ids = (page: Page) => page.items.map((q) => q.id);

describe("GET /api/questions", () => {
  beforeEach(clearQuestions);

  it("lists only published questions with a future deadline", async () => {
    const now = Date.now();
    await insertQuestion({ id: "open" });
    await insertQuestion({ id: "draft", status: "draft" });
    await insertQuestion({ id: "scheduled", status: "scheduled" });
    await insertQuestion({ id: "resolved", status: "resolved" });
    await insertQuestion({ id: "past", deadline: now - 1000 });
    const { status, body } = await feed();
    expect(status).toBe(200);
    expect(ids(body)).toEqual(["open"]);
    expect(body.items[0]).toMatchObject({ pickCount: 0, bookmarked: false, myPick: null });
  });

  it("orders each sort as the product rules say", async () => {
    const now = Date.now();
    await insertQuestion({ id: "a", pickCount: 5, deadline: now + 5 * HOUR, creditCost: 3, createdAt: now - 3000 });
    await insertQuestion({ id: "b", pickCount: 9, deadline: now + 9 * HOUR, creditCost: 1, createdAt: now - 1000 });
    await insertQuestion({ id: "c", pickCount: 5, deadline: now + 2 * HOUR, creditCost: 5, createdAt: now - 2000 });
    await insertQuestion({ id: "d", pickCount: 0, deadline: now + 1 * HOUR, creditCost: 0, createdAt: now });
    expect(ids((await feed()).body)).toEqual(["b", "c", "a", "d"]);
    expect(ids((await feed({ sort: "popularity" })).body)).toEqual(["b", "c", "a", "d"]);
    expect(ids((await feed({ sort: "newest" })).body)).toEqual(["d", "b", "c", "a"]);
    expect(ids((await feed({ sort: "ending-soon" })).body)).toEqual(["d", "c", "a", "b"]);
    expect(ids((await feed({ sort: "lowest-cost" })).body)).toEqual(["d", "b", "a", "c"]);
    expect(ids((await feed({ sort: "highest-cost" })).body)).toEqual(["c", "a", "b", "d"]);
  });

  it("filters by category, free picks, player props, search and event day", async () => {
    const now = Date.now();
    await insertQuestion({ id: "nba", sportCategory: "NBA", title: "Lakers win?" });
    await insertQuestion({ id: "custom", sportCategory: "NFL", customCategory: "Awards", title: "MVP vote" });
    await insertQuestion({ id: "free", sportCategory: "NHL", creditCost: 0, title: "Overtime tonight?" });
    await insertQuestion({
      id: "prop",
      sportCategory: "NBA",
      isPlayerProp: true,
      title: "Curry threes",
      answerOptionA: "Over",
      answerOptionB: "Under",
    });
    await insertQuestion({ id: "later", sportCategory: "MLB", deadline: now + 72 * HOUR, title: "50% chance_of rain" });
    const longTitle = "Will the Boston Celtics beat the Golden State Warriors by ten points or more?";
    await insertQuestion({ id: "long", sportCategory: "NBA", title: longTitle });
    expect(ids((await feed({ category: "NBA" })).body).sort()).toEqual(["long", "nba", "prop"]);
    expect(ids((await feed({ category: "Awards" })).body)).toEqual(["custom"]);
    expect(ids((await feed({ free: "1" })).body)).toEqual(["free"]);
    expect(ids((await feed({ props: "1" })).body)).toEqual(["prop"]);
    expect(ids((await feed({ q: "lakers" })).body)).toEqual(["nba"]);
    expect(ids((await feed({ q: "under" })).body)).toEqual(["prop"]);
    expect(ids((await feed({ q: "50%" })).body)).toEqual(["later"]);
    expect(ids((await feed({ q: "%" })).body)).toEqual(["later"]);
    // Production D1 refuses LIKE patterns over 50 bytes; a long search must still work.
    expect(ids((await feed({ q: longTitle.slice(5, 70).toUpperCase() })).body)).toEqual(["long"]);
    const laterDay = new Date(now + 72 * HOUR).toISOString().slice(0, 10);
    expect(ids((await feed({ date: laterDay, tz: "0" })).body)).toEqual(["later"]);
  });

  it("pages 20 at a time with no duplicates or gaps, even when new questions arrive", async () => {
    const now = Date.now();
    for (let i = 0; i < 45; i++)
      await insertQuestion({ id: `p${String(i).padStart(2, "0")}`, pickCount: i % 4, createdAt: now - i * 1000 });
    for (const sort of ["popularity", "newest", "ending-soon", "lowest-cost", "highest-cost"] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const { body }: { body: Page } = await feed({ sort, ...(cursor ? { cursor } : {}) });
        expect(body.items.length).toBeLessThanOrEqual(20);
        seen.push(...ids(body));
        cursor = body.nextCursor;
        pages += 1;
        if (pages === 1) await insertQuestion({ id: `new-${sort}`, createdAt: Date.now() + 1000, pickCount: 99 });
      } while (cursor);
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(seen.filter((id) => id.startsWith("p")).length, sort).toBe(45);
      expect(pages, sort).toBe(3);
    }
  });

  it("shows a signed-in viewer their own bookmark and pick, never the question's id or status in their place", async () => {
    const picked = await insertQuestion({ id: "picked", creditCost: 2 });
    await insertQuestion({ id: "saved" });
    const player = await signedInPlayer(10);
    const pickId = await placePick(player.userId, picked, "no", 2);
    await successOf(
      apiClient({ headers: player.bearer }).bookmarks[":questionId"].$put({ param: { questionId: "saved" } }),
    );

    const { body } = await successOf(apiClient({ headers: player.bearer }).questions.$get({ query: {} }));
    const byId = Object.fromEntries(body.items.map((item) => [item.id, item]));
    expect(byId.picked).toMatchObject({ id: "picked", status: "published", bookmarked: false });
    expect(byId.picked?.myPick).toEqual({
      id: pickId,
      choice: "no",
      multiplier: 2,
      creditsSpent: 4,
      potentialPayout: 8,
      actualPayout: 0,
      status: "active",
    });
    expect(byId.saved).toMatchObject({ id: "saved", status: "published", bookmarked: true, myPick: null });
    const bookmarkedOnly = await successOf(
      apiClient({ headers: player.bearer }).questions.$get({ query: { bookmarked: "1" } }),
    );
    expect(ids(bookmarkedOnly.body)).toEqual(["saved"]);
    const single = await successOf(
      apiClient({ headers: player.bearer }).questions[":id"].$get({ param: { id: "picked" } }),
    );
    expect(single.body.question.myPick?.id).toBe(pickId);
  });

  it("rejects bad parameters with a 400 in the error shape", async () => {
    for (const query of ["?sort=random", "?cursor=%%%", "?cursor=WzFd", "?date=2026-13-45", "?tz=abc", "?free=maybe"]) {
      const { status, body } = await callJson<{ error: { code: string } }>(`/api/questions${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code, query).toMatch(/bad_request|validation_failed/);
    }
  });
});

describe("GET /api/questions/:id and /api/categories", () => {
  beforeEach(clearQuestions);

  it("serves a published question for deep links and hides drafts", async () => {
    await insertQuestion({ id: "deep" });
    await insertQuestion({ id: "hidden", status: "draft" });
    expect((await successOf(apiClient().questions[":id"].$get({ param: { id: "deep" } }))).body.question.id).toBe(
      "deep",
    );
    const missing = await callJson<{ error: { message: string } }>("/api/questions/hidden");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Question not found");
  });

  it("lists the top categories without Mixed Sports and reports player props, with cache headers", async () => {
    const now = Date.now();
    for (let i = 0; i < 3; i++) await insertQuestion({ sportCategory: "NBA" });
    for (let i = 0; i < 2; i++) await insertQuestion({ sportCategory: "NFL" });
    await insertQuestion({ sportCategory: "Mixed Sports" });
    await insertQuestion({ sportCategory: "Golf", deadline: now - 1000 });
    await insertQuestion({ sportCategory: "Tennis", status: "draft" });
    let result = await callJson<{ categories: { name: string; count: number }[]; hasPlayerProps: boolean }>(
      "/api/categories",
    );
    expect(result.body).toEqual({
      categories: [
        { name: "NBA", count: 3 },
        { name: "NFL", count: 2 },
      ],
      hasPlayerProps: false,
    });
    expect(result.response.headers.get("Cache-Control")).toContain("max-age=120");
    await insertQuestion({ sportCategory: "NHL", isPlayerProp: true });
    result = await callJson("/api/categories");
    expect(result.body.hasPlayerProps).toBe(true);
  });
});
