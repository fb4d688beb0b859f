import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { enforceRateLimits } from "./rate-limit";

const rule = { limit: 3, windowMs: 60_000 };
const count = (key: string) =>
  env.DB.prepare("SELECT count, window_start FROM rate_limits WHERE key = ?").bind(key).first();

describe("enforceRateLimits", () => {
  it("allows the limit, refuses the next hit with 429 and starts over after the window", async () => {
    const hit = (now: number) => enforceRateLimits(env.DB, [{ key: "k1", rule }], now);
    for (let i = 0; i < 3; i++) await hit(1_000 + i);
    await expect(hit(2_000)).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
      headers: { "Retry-After": "59" },
    });
    await expect(hit(60_999)).rejects.toMatchObject({ code: "rate_limited", headers: { "Retry-After": "1" } });
    await hit(61_000);
    expect(await count("k1")).toEqual({ count: 1, window_start: 61_000 });
  });

  it("counts concurrent hits exactly", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => enforceRateLimits(env.DB, [{ key: "k2", rule }], 5_000)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await count("k2")).toEqual({ count: 10, window_start: 5_000 });
  });

  it("refuses when any of several keys is over", async () => {
    await enforceRateLimits(env.DB, [{ key: "k3", rule: { limit: 1, windowMs: 60_000 } }], 0);
    await expect(
      enforceRateLimits(
        env.DB,
        [
          { key: "k4", rule },
          { key: "k3", rule: { limit: 1, windowMs: 60_000 } },
        ],
        1,
      ),
    ).rejects.toMatchObject({ code: "rate_limited", headers: { "Retry-After": "60" } });
  });
});
