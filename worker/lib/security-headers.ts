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

export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  // A WebSocket handshake answer comes from the Durable Object with immutable headers.
  if (c.res.status === 101) return;
  // Only routes that opt in (public, impersonal reads) may be cached; everything else is personal by default.
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "private, no-store");
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
  c.res.headers.delete("X-Powered-By");
};
