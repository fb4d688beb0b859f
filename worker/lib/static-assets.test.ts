import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { call } from "../test/http";

const SCRIPT = "/assets/index-abc123.js";
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * What the asset binding answers under our wrangler.toml and web/public/_headers: the file, or for a miss the
 * single-page fallback (index.html) with the immutable Cache-Control that _headers gives every /assets/ path.
 */
const fakeAssets = { requests: [] as string[] };
const assets = {
  fetch: async (input: Request | string) => {
    const request = new Request(input);
    fakeAssets.requests.push(new URL(request.url).pathname);
    const found = new URL(request.url).pathname === SCRIPT;
    const headers = { "Content-Type": found ? "text/javascript" : "text/html", "Cache-Control": IMMUTABLE, ETag: '"etag"' };
    return new Response(request.method === "HEAD" ? null : found ? "console.log(1)" : "<!doctype html><title>Pickstreak</title>", { headers });
  },
} as unknown as Fetcher;

const withAssets = { ...env, ASSETS: assets };

describe("/assets/*", () => {
  it("runs the worker first, so the worker sees a miss", () => {
    const line = wranglerToml.split("\n").find((text) => text.startsWith("run_worker_first"));
    expect(line).toContain('"/assets/*"');
  });

  it("serves a built file untouched, with its year-long cache", async () => {
    const response = await call(SCRIPT, { env: withAssets });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(IMMUTABLE);
    expect(response.headers.get("Content-Type")).toBe("text/javascript");
    expect(await response.text()).toBe("console.log(1)");
  });

  it.each(["GET", "HEAD"])("answers a missing file (%s) with a 404 nothing caches, never index.html", async (method) => {
    const response = await call("/assets/index-gone999.js", { method, env: withAssets });
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const text = await response.text();
    expect(text).not.toContain("<!doctype html>");
    if (method === "GET") expect(JSON.parse(text)).toEqual({ error: { code: "not_found", message: "File not found" } });
  });

  it("leaves every other path to the app", async () => {
    fakeAssets.requests.length = 0;
    expect((await call("/api/health", { env: withAssets })).status).toBe(200);
    expect((await call("/assetsx/app.js", { env: withAssets })).status).toBe(404);
    expect(fakeAssets.requests).toEqual([]);
  });
});
