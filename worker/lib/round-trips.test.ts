import { describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../test/accounts";
import { besidesSessionCheck, countingEnv } from "../test/counting-d1";
import { call } from "../test/http";

type Case = {
  route: string;
  path: (player: TestAccount) => string;
  init?: RequestInit & { json?: unknown };
  as: "player" | "admin";
};

/** bench/round-trips.md's table: a read is one round trip, the session check included where the handler batches it. */
const cases: Case[] = [
  { route: "GET /api/users/{id}/stats", path: (player) => `/api/users/${player.userId}/stats`, as: "player" },
  { route: "PATCH /api/me", path: () => "/api/me", init: { method: "PATCH", json: { country: "DE" } }, as: "player" },
  { route: "GET /api/admin/health", path: () => "/api/admin/health", as: "admin" },
];

describe("D1 round trips per request", () => {
  it.each(cases)("$route takes one round trip besides the session check", async ({ path, init, as }) => {
    const player = await signUpAndLogin(`round-trips-${crypto.randomUUID()}@example.com`);
    const caller = as === "admin" ? await signUpAndLogin("admin@example.com") : player;
    const { env, byDatabase } = countingEnv();
    const response = await call(path(player), { ...init, headers: caller.cookies, env });
    expect(response.status).toBe(200);
    // With several shards: one in each database the route needs (docs/scale.md: one round trip per shard).
    expect(Math.max(...Object.values(besidesSessionCheck(byDatabase, caller.userId)))).toBe(1);
  });
});
