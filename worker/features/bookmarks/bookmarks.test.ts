import { describe, expect, it } from "vitest";
import { signUpAndLogin } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { insertQuestion } from "../../test/questions";

/** A player's bookmarked-only feed (a visitor's without headers), through the typed client. */
const bookmarkedFeed = (headers: Record<string, string> = {}) =>
  successOf(apiClient({ headers }).questions.$get({ query: { bookmarked: "1" } }));

describe("bookmarks", () => {
  it("needs a signed-in user", async () => {
    const id = await insertQuestion();
    const { status } = await callJson(`/api/bookmarks/${id}`, { method: "PUT" });
    expect(status).toBe(401);
  });

  it("is idempotent, per user, and drives the bookmarked-only feed", async () => {
    const alice = await signUpAndLogin("alice-bookmarks@example.com");
    const bob = await signUpAndLogin("bob-bookmarks@example.com");
    const first = await insertQuestion();
    await insertQuestion();
    for (let i = 0; i < 2; i++) {
      const { status, body } = await callJson(`/api/bookmarks/${first}`, { method: "PUT", headers: alice.bearer });
      expect(status).toBe(200);
      expect(body).toEqual({ questionId: first, bookmarked: true });
    }
    const mine = await bookmarkedFeed(alice.bearer);
    expect(mine.body.items.map((q) => q.id)).toEqual([first]);
    expect(mine.body.items[0]?.bookmarked).toBe(true);
    const bobs = await bookmarkedFeed(bob.bearer);
    expect(bobs.body.items).toEqual([]);
    const visitor = await bookmarkedFeed();
    expect(visitor.body.items).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const { body } = await callJson(`/api/bookmarks/${first}`, { method: "DELETE", headers: alice.bearer });
      expect(body).toEqual({ questionId: first, bookmarked: false });
    }
    expect((await bookmarkedFeed(alice.bearer)).body.items).toEqual([]);
  });

  it("answers 404 for a question that does not exist", async () => {
    const carol = await signUpAndLogin("carol-bookmarks@example.com");
    const { status } = await callJson("/api/bookmarks/nope", { method: "PUT", headers: carol.bearer });
    expect(status).toBe(404);
  });
});
