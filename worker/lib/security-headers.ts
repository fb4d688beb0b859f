import type { MiddlewareHandler } from "hono";

/** Static assets get the same headers from web/public/_headers; keep the two in step. */
export const API_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Only routes that opt in (public, impersonal reads) may be cached; everything else is personal by default. */
const DEFAULT_CACHE_CONTROL = "private, no-store";
const SECURITY_HEADER_ENTRIES = Object.entries(API_SECURITY_HEADERS);

/** For a Response a handler built itself, which did not start from the prepared headers. */
const completeHeaders = (headers: Headers) => {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", DEFAULT_CACHE_CONTROL);
  for (const [name, value] of SECURITY_HEADER_ENTRIES) {
    if (!headers.has(name)) headers.set(name, value);
  }
  headers.delete("X-Powered-By");
};

/**
 * Set as prepared headers before the handler runs: answers built with `c.json()` or `c.body()` start from them (a
 * route may still override any), which costs far less on every request than checking each on the finished answer.
 */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  c.header("Cache-Control", DEFAULT_CACHE_CONTROL);
  for (const [name, value] of SECURITY_HEADER_ENTRIES) c.header(name, value);
  await next();
  // A WebSocket handshake answer comes from the Durable Object with immutable headers.
  if (c.res.status === 101) return;
  if (!c.res.headers.has("Content-Security-Policy")) completeHeaders(c.res.headers);
};
