import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { log } from "./log";

/** One structured line per API request; the route pattern, never the raw path, so ids and tokens stay out of logs. */
export const requestLog = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const started = Date.now();
  await next();
  log(c.res.status >= 500 ? "error" : "info", "request", {
    requestId: c.var.requestId,
    method: c.req.method,
    route: c.req.matchedRoutes.filter((r) => r.method !== "ALL").at(-1)?.path ?? c.req.routePath,
    status: c.res.status,
    durationMs: Date.now() - started,
    userId: c.var.user?.id ?? null,
  });
};
