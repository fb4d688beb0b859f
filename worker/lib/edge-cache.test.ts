import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signUpAndLogin } from "../test/accounts";
import { call } from "../test/http";
import { insertQuestion } from "../test/questions";
import { BOOKMARK_HEADER } from "#shared/d1-bookmark";
import { EDGE_CACHE_HEADER } from "./edge-cache";

const cached = { ...env, EDGE_CACHE: "on" } as Env;
const ids = async (response: Response) =>
  ((await response.json()) as { items: { id: string }[] }).items.map((q) => q.id);

describe("edge cache for visitors' public reads", () => {
  it("answers the next visitor from the cache, without the first answer's request id, bookmark or cookies", async () => {
    await insertQuestion({ id: "edge-first" });
    const first = await call("/api/questions?sort=newest&tz=60", { env: cached });
    expect(first.headers.get(EDGE_CACHE_HEADER)).toBe("miss");
    await insertQuestion({ id: "edge-later" });

    const second = await call("/api/questions?sort=newest&tz=60", { env: cached });
    expect(second.headers.get(EDGE_CACHE_HEADER)).toBe("hit");
    const shared = await ids(second);
    expect(shared).toEqual(await ids(first));
    expect(shared).not.toContain("edge-later");
    expect(second.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
    expect(second.headers.get("Set-Cookie")).toBeNull();
    expect(second.headers.get("Cache-Control")).toBe("public, max-age=15");
    expect(second.headers.get("Content-Security-Policy")).toBeTruthy();
    expect(first.headers.get(BOOKMARK_HEADER)).toBeTruthy();
    expect(second.headers.get(BOOKMARK_HEADER)).not.toBe(first.headers.get(BOOKMARK_HEADER));
  });

  it("never answers a signed-in player from the shared copy, and never stores theirs", async () => {
    const player = await signUpAndLogin("edge-cache@example.com");
    await call("/api/questions?sort=lowest-cost&tz=60", { env: cached });
    await insertQuestion({ id: "edge-fresh", creditCost: 0 });

    const signedIn = await call("/api/questions?sort=lowest-cost&tz=60", { env: cached, headers: player.bearer });
    expect(signedIn.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    expect(await ids(signedIn)).toContain("edge-fresh");
    const withCookie = await call("/api/leaderboard?period=3", { env: cached, headers: player.cookies });
    expect(withCookie.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    expect((await call("/api/leaderboard?period=3", { env: cached })).headers.get(EDGE_CACHE_HEADER)).toBe("miss");
  });

  it("stays out of the way when switched off, for personal routes and for refusals", async () => {
    await call("/api/categories", {});
    expect((await call("/api/categories", {})).headers.get(EDGE_CACHE_HEADER)).toBeNull();
    expect((await call("/api/credits", { env: cached })).headers.get(EDGE_CACHE_HEADER)).toBeNull();
    await call("/api/questions?sort=nonsense", { env: cached });
    expect((await call("/api/questions?sort=nonsense", { env: cached })).headers.get(EDGE_CACHE_HEADER)).toBeNull();
  });
});
