import { AppError } from "./errors";
import { API_SECURITY_HEADERS } from "./security-headers";

/** The build's hashed files; request.url is absolute and already normalised (no `..`). */
const ASSET_URL = /^https?:\/\/[^/]+\/assets\//;
/** What the Hono app answers: wrangler.toml's run_worker_first, but for /assets/* and the home page. */
const APP_URL = /^https?:\/\/[^/]+\/(?:api\/|share\/|__scheduled(?:\?|$))/;

export const isAssetRequest = (request: Request) => ASSET_URL.test(request.url);
export const isAppRequest = (request: Request) => APP_URL.test(request.url);

const MISSING_BODY = JSON.stringify(new AppError("not_found", "File not found").toBody());
const MISSING_HEADERS = { ...API_SECURITY_HEADERS, "Content-Type": "application/json", "Cache-Control": "no-store" };

const fileNotFound = (request: Request) =>
  new Response(request.method === "HEAD" ? null : MISSING_BODY, { status: 404, headers: MISSING_HEADERS });

/**
 * A build file under /assets/: a hit is passed on untouched. web/public/_headers gives every path there a year-long
 * immutable Cache-Control, the binding's bare 404 for a missing file included, so a miss (an old tab asking for the
 * last deploy's chunk) becomes a 404 that nothing stores.
 */
export const serveAsset = async (request: Request, assets: Fetcher): Promise<Response> => {
  const response = await assets.fetch(request);
  if (response.status !== 404) return response;
  await response.body?.cancel();
  return fileNotFound(request);
};

/** The same request for /, the one path with a file of the app's page (index.html). */
const pageRequest = (request: Request) => new Request(new URL("/", request.url), request);

/**
 * The asset binding answering every path as it answers /: index.html with the headers _headers gives it, or a 304
 * for a browser that holds it (the request's method and headers are kept).
 */
export const appPage = (assets: Fetcher): Fetcher => ({
  fetch: (input, init) => assets.fetch(pageRequest(new Request(input, init))),
  connect: (address, options) => assets.connect(address, options),
});

/**
 * A last path segment with a dot in it names a file (app.js, .env, an encoded dot too); no page of the app has one
 * (usernames are letters, digits and underscores, and no page path carries one anyway).
 */
const namesFile = (url: string) => {
  const { pathname } = new URL(url);
  return /\.|%2e/i.test(pathname.slice(pathname.lastIndexOf("/") + 1));
};

/**
 * Any other request reaches the worker only when the asset layer has no file for it (`not_found_handling = "none"`):
 * a path that names a file is a 404, and any other path is a page of the app, which shows its own "not found" for a
 * page it does not have.
 */
export const serveMissing = (request: Request, assets: Fetcher) =>
  namesFile(request.url) ? fileNotFound(request) : assets.fetch(pageRequest(request));
