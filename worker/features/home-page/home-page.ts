import { defaultFeedSort, FIRST_FEED_ELEMENT_ID, FIRST_FEED_PATHS } from "#shared/first-feed";
import { isVisitor } from "../../lib/edge-cache";
import { log } from "../../lib/log";

/**
 * Past this the page goes without the feed (or without the tabs), and the app asks for it as it would anyway: the
 * page must never wait long on a slow read. An edge-cached answer takes a few milliseconds, a D1 read tens.
 */
const FEED_WAIT_MS = 500;
/** A copy that carries a visitor's snapshot of the feed: fetched again every time, kept by no shared cache. */
const INLINED_CACHE_CONTROL = "private, no-cache";
const CONDITIONAL_HEADERS = ["If-None-Match", "If-Modified-Since"];

/**
 * Every request asks, so the URL (absolute and already normalised) is matched as text rather than parsed; the paths
 * hold no character special to a pattern.
 */
const HOME_PAGE_URL = new RegExp(`^https?://[^/]+(?:${FIRST_FEED_PATHS.join("|")})(?:\\?|$)`);

export const isHomePage = (request: Request) => HOME_PAGE_URL.test(request.url);

/** Chromium says so in a client hint; other browsers' user agents say "Mobi" (what MDN recommends matching). */
const looksMobile = (headers: Headers) =>
  headers.get("Sec-CH-UA-Mobile") === "?1" || /Mobi/.test(headers.get("User-Agent") ?? "");

/**
 * A page the browser opens, rather than one a script fetches: the service worker's precache of the app's shell asks
 * for /index.html, which the asset layer redirects to /, and a shell stored with the feed drawn in would show that
 * day's questions whenever the installed app opens offline. A browser that sends no fetch metadata is taken at its
 * word that it navigates.
 */
const loadsAsDocument = (headers: Headers) => (headers.get("Sec-Fetch-Dest") ?? "document") === "document";

/** `<`, `>` and `&` as JSON escapes, so nothing in the data can close the script element or open a comment. */
const escapeForScript = (json: string) =>
  json.replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** index.html's element that the app renders into. */
const ROOT_ELEMENT_ID = "root";

/**
 * The app's own first render of the page, so a phone paints the first cards before the app's code has loaded; the
 * page goes without it (the app then draws it in the browser) if it cannot be drawn. React and the app's components are loaded
 * by the first visitor's page an isolate serves, not by every request's start.
 */
const drawFirstView = async (request: Request, mobile: boolean, firstFeed: string) => {
  try {
    const { renderHomeMarkup } = await import("#web/home-markup");
    return await renderHomeMarkup({
      url: request.url,
      mobile,
      cookies: request.headers.get("Cookie") ?? "",
      firstFeed,
    });
  } catch (error) {
    log("error", "first_view_failed", { error: String(error) });
    return null;
  }
};

const timeout = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

/** The body of the app's own answer to GET `path`; null when it is not a 200 JSON answer. */
const readApi = async (request: Request, path: string, api: (request: Request) => Promise<Response>) => {
  const response = await api(new Request(new URL(path, request.url)));
  if (response.status !== 200 || !response.headers.get("Content-Type")?.startsWith("application/json")) {
    await response.body?.cancel();
    return null;
  }
  return response.text();
};

/** `read`'s answer, or null when it fails or is later than `deadline`. */
const inTime = (read: Promise<string | null>, deadline: Promise<null>) =>
  Promise.race([read, deadline]).catch(() => null);

/**
 * A visitor's index.html for /home carries the first page of the feed the app shows first (docs/decisions/
 * 0028-first-feed-in-html.md): the first cards then wait for the app's code only, not for a request it makes once it
 * runs. The feed's tabs (GET /api/categories) come with it when they are read in time, so the page is drawn with
 * every tab and the app asks for none of them. The page comes from the asset layer; the feed and the tabs
 * through the app itself (`api`), so they are the same answers, from the same edge cache, as the app's own requests.
 * A signed-in player's feed holds their bookmarks and picks, so their page is the asset layer's, untouched, as is a
 * HEAD's and any page when the feed cannot be read in time.
 */
export const serveHomePage = async (
  request: Request,
  assets: Fetcher,
  api: (request: Request) => Promise<Response>,
): Promise<Response> => {
  if (request.method !== "GET" || !isVisitor(request.headers) || !loadsAsDocument(request.headers))
    return assets.fetch(request);
  // The browser may hold the plain page from a signed-in visit: a 304 for it would show that page without the feed.
  const headers = new Headers(request.headers);
  for (const name of CONDITIONAL_HEADERS) headers.delete(name);
  const mobile = looksMobile(request.headers);
  const sort = defaultFeedSort(mobile);
  const deadline = timeout(FEED_WAIT_MS);
  const [page, feed, categories] = await Promise.all([
    assets.fetch(new Request(request, { headers })),
    inTime(readApi(request, `/api/questions?sort=${sort}`, api), deadline),
    inTime(readApi(request, "/api/categories", api), deadline),
  ]);
  if (feed === null || page.status !== 200 || !page.headers.get("Content-Type")?.startsWith("text/html")) return page;
  const firstFeed = `{"sort":"${sort}","at":${Date.now()}${categories === null ? "" : `,"categories":${categories}`},"page":${feed}}`;
  const element = `<script type="application/json" id="${FIRST_FEED_ELEMENT_ID}">${escapeForScript(firstFeed)}</script>`;
  const markup = await drawFirstView(request, mobile, firstFeed);
  const rewriter = new HTMLRewriter().on("body", { element: (body) => void body.append(element, { html: true }) });
  if (markup !== null) {
    rewriter.on("head", { element: (head) => void head.append(markup.hints, { html: true }) });
    rewriter.on(`#${ROOT_ELEMENT_ID}`, { element: (root) => void root.setInnerContent(markup.root, { html: true }) });
  }
  const inlined = rewriter.transform(page);
  const response = new Response(inlined.body, inlined);
  for (const name of ["Content-Length", "ETag", "Last-Modified"]) response.headers.delete(name);
  response.headers.set("Cache-Control", INLINED_CACHE_CONTROL);
  return response;
};
