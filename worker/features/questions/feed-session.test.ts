import { beforeEach, describe, expect, it } from "vitest";
import { signUpAndLogin } from "../../test/accounts";
import { countingEnv } from "../../test/counting-d1";
import { call } from "../../test/http";
import { clearQuestions, insertQuestion } from "../../test/questions";
import type { Question } from "./questions.schemas";

type Page = { items: Question[]; nextCursor: string | null };

const feedAs = async (headers: Record<string, string>, query = "") => {
  const { env, counter } = countingEnv();
  const response = await call(`/api/questions${query}`, { headers, env });
  return { response, page: (await response.json()) as Page, roundTrips: counter.calls };
};

describe("GET /api/questions checks the session in the page's own round trip", () => {
  beforeEach(clearQuestions);

  it("answers a signed-in player with one D1 round trip, bookmarks included", async () => {
    const player = await signUpAndLogin("feed-session-live@example.com");
    await insertQuestion({ id: "kept" });
    expect((await call("/api/bookmarks/kept", { method: "PUT", headers: player.cookies })).status).toBe(200);
    const { response, page, roundTrips } = await feedAs(player.cookies);
    expect(response.status).toBe(200);
    expect(roundTrips).toBe(1);
    expect(page.items).toMatchObject([{ id: "kept", bookmarked: true }]);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await feedAs(player.cookies, "?bookmarked=true")).page.items.map((q) => q.id)).toEqual(["kept"]);
  });

  it("treats a token whose session was signed out as a visitor", async () => {
    const player = await signUpAndLogin("feed-session-ended@example.com");
    await insertQuestion({ id: "kept" });
    expect((await call("/api/bookmarks/kept", { method: "PUT", headers: player.cookies })).status).toBe(200);
    expect((await call("/api/auth/logout", { method: "POST", headers: player.cookies })).status).toBe(200);
    const { response, page } = await feedAs(player.cookies);
    expect(response.status).toBe(200);
    expect(page.items).toMatchObject([{ id: "kept", bookmarked: false }]);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=15");
    expect((await feedAs(player.cookies, "?bookmarked=true")).page.items).toEqual([]);
  });
});
