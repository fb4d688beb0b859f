import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import wranglerToml from "../../../wrangler.toml?raw";
import { FIRST_FEED_ELEMENT_ID, type FirstFeed } from "#shared/first-feed";
import { call } from "../../test/http";
import { insertQuestion } from "../../test/questions";
import { isHomePage, serveHomePage } from "./home-page";

const SHELL = '<!doctype html><html><head><title>Pickstreak</title></head><body><div id="root"></div></body></html>';
const ASSET_HEADERS = {
  "Content-Type": "text/html",
  "Cache-Control": "public, max-age=0, must-revalidate",
  ETag: '"shell"',
};
const PHONE =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** What the asset binding answers for / and /home: the single-page app's index.html, with the headers it asked with. */
const shellAssets = (answer: () => Response = () => new Response(SHELL, { headers: ASSET_HEADERS })) => {
  const asked: Request[] = [];
  const assets = { fetch: async (input: Request) => (asked.push(input), answer()) } as unknown as Fetcher;
  return { asked, env: { ...env, ASSETS: assets } };
};

const ELEMENT = new RegExp(`<script type="application/json" id="${FIRST_FEED_ELEMENT_ID}">(.*?)</script>`, "s");
const inlinedFeed = (html: string) => {
  const text = ELEMENT.exec(html)?.[1];
  return text === undefined ? null : (JSON.parse(text) as FirstFeed);
};

const FIRST_ROW = 4;
const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&#x27;": "'" };
const unescapeHtml = (text: string) =>
  text.replace(/&(?:lt|gt|amp|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

/** What index.html's root element holds: the app's first view, drawn by the worker, or nothing. */
const rootOf = (html: string) =>
  /<div id="root">(.*?)<\/div><script type="application\/json"/s.exec(html)?.[1] ??
  /<div id="root">(.*?)<\/div><\/body>/s.exec(html)?.[1] ??
  "";

describe("a visitor's /home carries the feed's first page", () => {
  // The worker imports the app's first view (the web app's own components) at the first /home it draws, and the test
  // runner transforms that whole graph then: tens of seconds on a busy two-core machine (22 s in one run, over the
  // 30 s test limit in another). Paid once here, so each test's limit measures the test itself.
  beforeAll(async () => {
    await import("#web/home-markup");
  }, 120_000);

  it("knows the pages that carry it from their URL alone", () => {
    const pages = ["http://h/", "http://h/?ref=x", "https://h.example/home", "https://h.example/home?tab=1"];
    const others = ["http://h/homes", "http://h/home/x", "http://h/api/home", "http://h/leaderboard", "http://h//home"];
    expect(pages.filter((url) => isHomePage(new Request(url)))).toEqual(pages);
    expect(others.filter((url) => isHomePage(new Request(url)))).toEqual([]);
  });

  it("runs the worker first on / and /home", () => {
    const line = wranglerToml.split("\n").find((text) => text.startsWith("run_worker_first"));
    expect(line).toContain('"/"');
    expect(line).toContain('"/home"');
  });

  it.each([
    ["/home", DESKTOP, "newest"],
    ["/", PHONE, "popularity"],
  ])("puts GET /api/questions' answer for the screen's first sort in %s (%s)", async (path, userAgent, sort) => {
    await insertQuestion({ id: `home-${sort}` });
    const { env: site } = shellAssets();
    const response = await call(path, { env: site, headers: { "User-Agent": userAgent } });
    const html = await response.text();
    expect(response.status).toBe(200);
    const inlined = inlinedFeed(html);
    expect(inlined?.sort).toBe(sort);
    const api = (await (await call(`/api/questions?sort=${sort}`)).json()) as { items: { id: string }[] };
    expect(inlined?.page).toEqual(api);
    expect(api.items.map((q) => q.id)).toContain(`home-${sort}`);
    expect(html.indexOf(`id="${FIRST_FEED_ELEMENT_ID}"`)).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it("escapes the data so that no title can end the element or add markup", async () => {
    const title = `Will </script><script>alert(1)</script> <!-- & "win"?`;
    await insertQuestion({ id: "home-escaped", title, deadline: Date.now() + 365 * 24 * 60 * 60 * 1000 });
    const { env: site } = shellAssets();
    const html = await (await call("/home", { env: site, headers: { "User-Agent": DESKTOP } })).text();
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(ELEMENT.exec(html)?.[1]).not.toContain("<!--");
    const page = inlinedFeed(html)?.page as { items: { title: string }[] };
    expect(page.items.map((q) => q.title)).toContain(title);
    expect(rootOf(html)).toContain(
      "Will &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &amp; &quot;win&quot;?</a></h2>",
    );
  });

  it.each([
    [DESKTOP, "newest"],
    [PHONE, "popularity"],
  ])("draws the app's first view of the page inside its root element (%s)", async (userAgent, sort) => {
    await insertQuestion({ id: `home-drawn-${sort}`, title: `Will the drawn card show (${sort})?` });
    const { env: site } = shellAssets();
    const html = await (await call("/", { env: site, headers: { "User-Agent": userAgent } })).text();
    const root = rootOf(html);
    const page = inlinedFeed(html)?.page as { items: { title: string }[] };
    expect(root).toContain('<header class="sticky');
    expect(root).toContain('<main id="main"');
    // As the app's first render: the first row's cards, the rest mount in a background render once the app runs.
    // Each title is the link to its question's page.
    const titles = [...root.matchAll(/<h2 class="line-clamp-2[^>]*><a [^>]*>(.*?)<\/a><\/h2>/g)].map((match) =>
      unescapeHtml(match[1] ?? ""),
    );
    expect(titles).toEqual(page.items.slice(0, FIRST_ROW).map((question) => question.title));
    expect(titles).toContain(`Will the drawn card show (${sort})?`);
    expect(root).toContain(`<option value="${sort}" selected="">`);
    expect(root).toContain('aria-label="Main" data-testid="bottom-nav"');
  });

  it("carries the feed's tabs, GET /api/categories' answer, and draws every one of them", async () => {
    await insertQuestion({ id: "home-tabs", sportCategory: "Curling", isPlayerProp: true });
    const { env: site } = shellAssets();
    const html = await (await call("/home", { env: site, headers: { "User-Agent": DESKTOP } })).text();
    const api = (await (await call("/api/categories")).json()) as { categories: { name: string }[] };
    expect(inlinedFeed(html)?.categories).toEqual(api);
    expect(api.categories.map((category) => category.name)).toContain("Curling");
    const tabs = /<nav aria-label="Sports"[^>]*>(.*?)<\/nav>/s.exec(rootOf(html))?.[1] ?? "";
    const names = [...tabs.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((match) => match[1]?.replace(/<[^>]+>/g, ""));
    expect(names).toEqual(expect.arrayContaining(["All Sports", "Free Picks", "Player Props", "Curling"]));
  });

  it("goes without the tabs, never without the feed, when the tabs are not read in time", async () => {
    await insertQuestion({ id: "home-no-tabs" });
    const feedOnly = (request: Request) => {
      const { pathname, search } = new URL(request.url);
      return pathname === "/api/categories" ? new Promise<Response>(() => {}) : call(`${pathname}${search}`);
    };
    const response = await serveHomePage(new Request("http://localhost/home"), shellAssets().env.ASSETS, feedOnly);
    const html = await response.text();
    const inlined = inlinedFeed(html);
    expect(inlined && "categories" in inlined).toBe(false);
    expect((inlined?.page as { items: { id: string }[] }).items.map((q) => q.id)).toContain("home-no-tabs");
    expect(rootOf(html)).toContain('<nav aria-label="Sports"');
  });

  it("leaves the root element empty, and the data in the page, when the answer is not a feed page", async () => {
    const notAFeed = async () => Response.json({ items: "x" });
    const response = await serveHomePage(new Request("http://localhost/home"), shellAssets().env.ASSETS, notAFeed);
    const html = await response.text();
    expect(rootOf(html)).toBe("");
    expect(inlinedFeed(html)?.page).toEqual({ items: "x" });
  });

  it("is fetched again every time, and asks the asset layer for the whole page rather than a 304", async () => {
    const { asked, env: site } = shellAssets();
    const response = await call("/home", {
      env: site,
      headers: { "If-None-Match": '"shell"', "If-Modified-Since": new Date().toUTCString() },
    });
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("ETag")).toBeNull();
    expect(response.headers.get("Content-Type")).toBe("text/html");
    expect(asked[0]?.headers.get("If-None-Match")).toBeNull();
    expect(asked[0]?.headers.get("If-Modified-Since")).toBeNull();
  });

  it("leaves a signed-in player's page as the asset layer gave it (their feed is their own)", async () => {
    const { asked, env: site } = shellAssets();
    const response = await call("/home", {
      env: site,
      headers: { Cookie: "__Host-refresh=abc; signed_in=1", "If-None-Match": '"shell"' },
    });
    expect(await response.text()).toBe(SHELL);
    expect(response.headers.get("ETag")).toBe('"shell"');
    expect(asked[0]?.headers.get("If-None-Match")).toBe('"shell"');
  });

  it("leaves the page as the asset layer gave it when a script fetches it (the service worker's stored shell)", async () => {
    await insertQuestion({ id: "home-fetched" });
    const { asked, env: site } = shellAssets();
    const headers = { "User-Agent": PHONE, "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "same-origin" };
    const response = await call("/", { env: site, headers });
    expect(await response.text()).toBe(SHELL);
    expect(response.headers.get("Cache-Control")).toBe(ASSET_HEADERS["Cache-Control"]);
    expect(asked).toHaveLength(1);
    const opened = await call("/", {
      env: site,
      headers: { ...headers, "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" },
    });
    expect(inlinedFeed(await opened.text())?.sort).toBe("popularity");
  });

  it("serves the plain page when the feed cannot be read, never an error", async () => {
    const broken = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error("D1 is down");
        },
      },
    ) as D1Database;
    const { env: site } = shellAssets();
    const response = await call("/home", { env: { ...site, DB: broken } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SHELL);
  });

  it("serves the plain page when the feed takes too long", async () => {
    const response = await serveHomePage(
      new Request("http://localhost/home"),
      shellAssets().env.ASSETS,
      () => new Promise(() => {}),
    );
    expect(await response.text()).toBe(SHELL);
  });

  it("passes a HEAD to the asset layer as it was", async () => {
    const { asked, env: site } = shellAssets(() => new Response(null, { headers: ASSET_HEADERS }));
    const response = await call("/", { env: site, method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).toBe('"shell"');
    expect(asked.map((request) => request.method)).toEqual(["HEAD"]);
  });

  it("leaves anything but a 200 HTML page untouched", async () => {
    const notModified = () => new Response(null, { status: 304, headers: { ETag: '"shell"' } });
    const response = await serveHomePage(
      new Request("http://localhost/home"),
      shellAssets(notModified).env.ASSETS,
      () => call("/api/questions?sort=newest"),
    );
    expect(response.status).toBe(304);
    expect(response.headers.get("ETag")).toBe('"shell"');
  });
});
