import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { call } from "../test/http";

const SCRIPT = "/assets/index-abc123.js";
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHELL = "<!doctype html><title>Pickstreak</title>";
const SHELL_ETAG = '"shell"';

/**
 * What the asset binding answers under our wrangler.toml and web/public/_headers: a built file, index.html for /, a
 * 304 for a page the browser already holds, and for anything else a bare 404, which still gets the headers _headers
 * gives its path (the year-long Cache-Control under /assets/).
 */
const asked: Request[] = [];
const assets = {
  fetch: async (input: Request | string) => {
    const request = new Request(input);
    asked.push(request);
    const { pathname } = new URL(request.url);
    const body = (text: string) => (request.method === "HEAD" ? null : text);
    const fromHeadersFile: Record<string, string> = pathname.startsWith("/assets/")
      ? { "Cache-Control": IMMUTABLE }
      : {};
    const script = { ...fromHeadersFile, "Content-Type": "text/javascript" };
    if (pathname === SCRIPT) return new Response(body("console.log(1)"), { headers: script });
    if (pathname !== "/") return new Response(null, { status: 404, headers: fromHeadersFile });
    if (request.headers.get("If-None-Match") === SHELL_ETAG) return new Response(null, { status: 304 });
    return new Response(body(SHELL), { headers: { "Content-Type": "text/html", ETag: SHELL_ETAG } });
  },
} as unknown as Fetcher;

const withAssets = { ...env, ASSETS: assets };
const askedPaths = () => asked.map((request) => new URL(request.url).pathname);

const expectFileNotFound = async (response: Response, method = "GET") => {
  expect(response.status).toBe(404);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("Content-Type")).toBe("application/json");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  const text = await response.text();
  expect(text).not.toContain("<!doctype html>");
  const expected = method === "HEAD" ? "" : { error: { code: "not_found", message: "File not found" } };
  expect(method === "HEAD" ? text : JSON.parse(text)).toEqual(expected);
};

beforeEach(() => {
  asked.length = 0;
});

describe("the asset layer", () => {
  it("has no fallback page: a path with no file reaches the worker, and /assets/* always does", () => {
    const line = (name: string) => wranglerToml.split("\n").find((text) => text.startsWith(`${name} =`));
    expect(line("not_found_handling")).toBe('not_found_handling = "none"');
    expect(line("run_worker_first")).toContain('"/assets/*"');
  });
});

describe("/assets/*", () => {
  it("serves a built file untouched, with its year-long cache", async () => {
    const response = await call(SCRIPT, { env: withAssets });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(IMMUTABLE);
    expect(response.headers.get("Content-Type")).toBe("text/javascript");
    expect(await response.text()).toBe("console.log(1)");
  });

  it.each(["GET", "HEAD"])("answers a missing file (%s) with a 404 nothing caches", async (method) => {
    await expectFileNotFound(await call("/assets/index-gone999.js", { method, env: withAssets }), method);
  });
});

describe("a path the asset layer has no file for", () => {
  const FILES = ["/sw-old.js", "/flags/zz.svg", "/.env", "/sw%2Ejs", "/a/b/app.js", "/wp-login.php?next=/home"];
  it.each(FILES)("answers %s, which names a file, with a 404 nothing caches, never the app's page", async (path) => {
    await expectFileNotFound(await call(path, { env: withAssets }));
    expect(asked).toEqual([]);
  });

  it.each(["/leaderboard", "/questions", "/profile/", "/auth?next=/a.b", "/api", "/sharex"])(
    "answers the page %s with the app's index.html, as the asset layer gives it for /",
    async (path) => {
      const response = await call(path, { env: withAssets });
      expect(response.status).toBe(200);
      expect(response.headers.get("ETag")).toBe(SHELL_ETAG);
      expect(await response.text()).toBe(SHELL);
      expect(askedPaths()).toEqual(["/"]);
    },
  );

  it("lets a browser that holds the page revalidate it, and keeps the method", async () => {
    const held = await call("/leaderboard", { env: withAssets, headers: { "If-None-Match": SHELL_ETAG } });
    expect(held.status).toBe(304);
    const head = await call("/rewards", { env: withAssets, method: "HEAD" });
    expect(head.status).toBe(200);
    expect(asked.map((request) => request.method)).toEqual(["GET", "HEAD"]);
  });

  it("asks the binding for / for the home page too, which has no file of its own", async () => {
    expect((await call("/home", { env: withAssets, method: "HEAD" })).status).toBe(200);
    expect(askedPaths()).toEqual(["/"]);
  });

  it("leaves the API and the share pages to the app", async () => {
    const api = await call("/api/no-such-route.json", { env: withAssets });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: { code: "not_found", message: "Page not found" } });
    expect((await call("/share/nothing/x.png", { env: withAssets })).status).toBe(404);
    expect(asked).toEqual([]);
  });
});
