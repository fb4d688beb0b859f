import { AppError } from "./errors";
import { API_SECURITY_HEADERS } from "./security-headers";

/** The build's hashed files; request.url is absolute and already normalised (no `..`). */
const ASSET_URL = /^https?:\/\/[^/]+\/assets\//;

export const isAssetRequest = (request: Request) => ASSET_URL.test(request.url);

const MISSING_BODY = JSON.stringify(new AppError("not_found", "File not found").toBody());
const MISSING_HEADERS = { ...API_SECURITY_HEADERS, "Content-Type": "application/json", "Cache-Control": "no-store" };

/**
 * /assets/* runs the worker first (wrangler.toml) because the asset layer answers a missing file with index.html,
 * the single-page fallback, and with the year-long immutable Cache-Control that web/public/_headers gives /assets/:
 * a browser or the edge would keep that page as the script for a year (an old tab asking for last deploy's chunk).
 * A hit is passed on untouched; nothing under /assets/ is HTML, so an HTML answer is the fallback, and becomes a
 * 404 that nothing stores.
 */
export const serveAsset = async (request: Request, assets: Fetcher): Promise<Response> => {
  const response = await assets.fetch(request);
  if (!response.headers.get("Content-Type")?.toLowerCase().startsWith("text/html")) return response;
  await response.body?.cancel();
  return new Response(request.method === "HEAD" ? null : MISSING_BODY, { status: 404, headers: MISSING_HEADERS });
};
