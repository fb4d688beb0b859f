import { env } from "cloudflare:test";
import { shardOf } from "../../test/players";
import { describe, expect, it } from "vitest";
import { signUpAndLogin } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { grantCredits } from "../../test/ledger";
import { insertQuestion } from "../../test/questions";

type OpenApi = { paths: Record<string, Record<string, unknown>> };

describe("access control", () => {
  it("refuses players on every admin route and visitors on every signed-in route", async () => {
    const player = await signUpAndLogin("ac-player@example.com");
    const spec = (await callJson<OpenApi>("/api/openapi.json")).body;
    const adminOps = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith("/admin"))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, "some-id"),
        })),
      );
    expect(adminOps.length).toBeGreaterThan(8);
    for (const { method, path } of adminOps) {
      const json = method === "GET" || method === "DELETE" ? undefined : {};
      const asPlayer = await callJson(`/api${path}`, { method, headers: player.bearer, json });
      expect(asPlayer.status, `${method} ${path} as player`).toBe(403);
      const asVisitor = await callJson(`/api${path}`, { method, json });
      expect(asVisitor.status, `${method} ${path} as visitor`).toBe(401);
    }
    for (const path of [
      "/api/me",
      "/api/credits",
      "/api/credits/transactions",
      "/api/picks",
      "/api/picks/stats",
      "/api/streak",
      "/api/redemptions",
    ]) {
      expect((await callJson(path)).status, path).toBe(401);
    }
  });

  it("never lets one player read or change another player's picks, bookmarks, transactions or profile", async () => {
    const alice = await signUpAndLogin("ac-alice@example.com");
    const bob = await signUpAndLogin("ac-bob@example.com");
    await grantCredits(alice.userId, 20);
    const questionId = await insertQuestion({ creditCost: 2 });
    expect(
      (
        await callJson("/api/picks", {
          method: "POST",
          headers: alice.bearer,
          json: { questionId, choice: "yes", multiplier: 1 },
        })
      ).status,
    ).toBe(201);
    await callJson(`/api/bookmarks/${questionId}`, { method: "PUT", headers: alice.bearer });

    await callJson(`/api/bookmarks/${questionId}`, { method: "DELETE", headers: bob.bearer });
    const aliceBookmarks = await shardOf(alice.userId)
      .prepare("SELECT count(*) AS n FROM user_bookmarks WHERE user_id = ?")
      .bind(alice.userId)
      .first<{ n: number }>();
    expect(aliceBookmarks?.n).toBe(1);

    const asBob = apiClient({ headers: bob.bearer });
    const bobPicks = await successOf(asBob.picks.$get({ query: {} }));
    expect(bobPicks.body.items).toEqual([]);
    const bobTransactions = await successOf(asBob.credits.transactions.$get({ query: {} }));
    expect(bobTransactions.body.items.every((t) => t.amount === 5)).toBe(true);
    const bobFeed = await successOf(asBob.questions.$get({ query: {} }));
    const seenByBob = bobFeed.body.items.find((q) => q.id === questionId);
    expect(seenByBob).toMatchObject({ myPick: null, bookmarked: false });

    const bobMe = await successOf(asBob.me.$get());
    expect(bobMe.body.user).toMatchObject({ id: bob.userId, email: "ac-bob@example.com" });
    await callJson("/api/me", { method: "PATCH", headers: bob.bearer, json: { username: "bob_renamed" } });
    const alicesName = await env.DB.prepare("SELECT username FROM users WHERE id = ?")
      .bind(alice.userId)
      .first<{ username: string }>();
    expect(alicesName?.username).not.toBe("bob_renamed");
  });
});
