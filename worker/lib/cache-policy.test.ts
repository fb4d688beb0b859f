import { describe, expect, it } from "vitest";
import { signUpAndLogin } from "../test/accounts";
import { call } from "../test/http";
import { insertQuestion } from "../test/questions";

const isPublic = (response: Response) => /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "");

describe("HTTP caching", () => {
  it("lets impersonal public reads be cached and never caches anything personal", async () => {
    const player = await signUpAndLogin("cache-policy@example.com");
    await insertQuestion();
    expect(isPublic(await call("/api/questions"))).toBe(true);
    expect(isPublic(await call("/api/categories"))).toBe(true);
    expect(isPublic(await call("/api/leaderboard?period=7"))).toBe(true);
    expect(isPublic(await call("/api/rewards"))).toBe(true);
    for (const path of [
      "/api/questions",
      "/api/leaderboard?period=7",
      "/api/me",
      "/api/credits",
      "/api/picks",
      "/api/credits/transactions",
      "/api/streak",
    ]) {
      const response = await call(path, { headers: player.bearer });
      expect(isPublic(response), path).toBe(false);
      expect(response.headers.get("Cache-Control"), path).toMatch(/private|no-store/);
    }
  });
});
