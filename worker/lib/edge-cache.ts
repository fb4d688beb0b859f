import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { BOOKMARK_HEADER } from "#shared/d1-bookmark";

export const EDGE_CACHE_HEADER = "X-Edge-Cache";
/** Headers of one answer to one request, never of a copy shared with others. */
const PER_ANSWER_HEADERS = ["Set-Cookie", "X-Request-Id", BOOKMARK_HEADER];
const SESSION_COOKIE = /(?:^|;\s*)__Host-(?:access|refresh)=/;

/** No session comes with the request: it may be answered with what every visitor gets. */
export const isVisitor = (headers: Headers) =>
  !headers.has("Authorization") && !SESSION_COOKIE.test(headers.get("Cookie") ?? "");

/**
 * Visitors' public reads (feed pages, categories, leaderboards, rewards) are the same for everybody, so the first
 * answer in a data centre is kept in its cache for as long as the answer's own Cache-Control allows, and the next
 * visitors there are answered without D1. Only requests without a session and only answers marked public take
 * part: a signed-in request is never answered from the shared copy, nor stored in it.
 */
export const edgeCache = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!c.get("settings").EDGE_CACHE || c.req.method !== "GET" || !isVisitor(c.req.raw.headers)) return next();
  const cache = caches.default;
  const key = new Request(c.req.url, { method: "GET" });
  const hit = await cache.match(key);
  if (hit) {
    c.res = new Response(hit.body, hit);
    c.res.headers.set("X-Request-Id", c.get("requestId"));
    c.res.headers.set(EDGE_CACHE_HEADER, "hit");
    return;
  }
  await next();
  if (c.res.status !== 200 || !/\bpublic\b/.test(c.res.headers.get("Cache-Control") ?? "")) return;
  const copy = new Response(c.res.clone().body, c.res);
  for (const name of PER_ANSWER_HEADERS) copy.headers.delete(name);
  c.executionCtx.waitUntil(cache.put(key, copy));
  c.res.headers.set(EDGE_CACHE_HEADER, "miss");
};
