import type { MiddlewareHandler } from "hono";

/**
 * Every answer's, JSON included. Static assets get these and the document headers from web/public/_headers; keep the
 * two in step.
 */
export const API_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
};

/**
 * What a browser needs from a page it shows as a document, and not from the API's JSON: the links it follows and the
 * windows that open it; HSTS, which it keeps for the whole host from the pages every API call comes from (the API is
 * same-origin only); `X-Frame-Options`, which the CSP's `frame-ancestors 'none'` on every answer supersedes. Each
 * header is about a microsecond of every answer (docs/decisions/0021-worker-hot-path.md).
 */
export const DOCUMENT_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Only routes that opt in (public, impersonal reads) may be cached; everything else is personal by default. */
export const DEFAULT_CACHE_CONTROL = "private, no-store";
const API_ENTRIES = Object.entries(API_SECURITY_HEADERS);
/** The share pages, and anything else outside /api, which may be a document. */
const PAGE_ENTRIES = [...API_ENTRIES, ...Object.entries(DOCUMENT_HEADERS)];

/** For a Response a handler built itself, which did not start from the prepared headers. */
const completeHeaders = (headers: Headers, entries: [string, string][]) => {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", DEFAULT_CACHE_CONTROL);
  for (const [name, value] of entries) {
    if (!headers.has(name)) headers.set(name, value);
  }
  headers.delete("X-Powered-By");
};

/**
 * Set as prepared headers before the handler runs: answers built with `c.json()` or `c.body()` start from them (a
 * route may still override any), which costs far less on every request than checking each on the finished answer.
 */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  const entries = c.req.path.startsWith("/api/") ? API_ENTRIES : PAGE_ENTRIES;
  c.header("Cache-Control", DEFAULT_CACHE_CONTROL);
  for (const [name, value] of entries) c.header(name, value);
  await next();
  // A WebSocket handshake answer comes from the Durable Object with immutable headers.
  if (c.res.status === 101) return;
  if (!c.res.headers.has("Content-Security-Policy")) completeHeaders(c.res.headers, entries);
};
