import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { log } from "./log";
import { routeTemplate } from "./route-template";

const SLOW_MS = 1000;

type Answered = { method: string; status: number; durationMs: number };

/**
 * Fast successful reads are most of the traffic, and Workers Logs already records every invocation with its
 * status and duration: a share of them is enough to see normal traffic. Writes, errors and slow requests are
 * what an operator investigates, so each of those gets its line.
 */
export const worthLogging = ({ method, status, durationMs }: Answered, readSampleRate: number, draw = Math.random()) =>
  (method !== "GET" && method !== "HEAD") || status >= 400 || durationMs >= SLOW_MS || draw < readSampleRate;

/** A structured line per logged request; the route pattern, never the raw path, so ids and tokens stay out of logs. */
export const requestLog = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const started = Date.now();
  await next();
  const answered = { method: c.req.method, status: c.res.status, durationMs: Date.now() - started };
  const route = routeTemplate(c);
  // Every request is counted; only some are logged.
  c.var.data.metrics.write({ event: "request", route, colo: edgeColo(c.req.raw), ...answered });
  if (!worthLogging(answered, c.get("settings").READ_LOG_SAMPLE_RATE)) return;
  log(answered.status >= 500 ? "error" : "info", "request", {
    requestId: c.get("requestId"),
    method: answered.method,
    route,
    status: answered.status,
    durationMs: answered.durationMs,
    // A write that checked its session inside its own batch (writeAsPlayer) leaves the claims, not a user.
    userId: c.get("user")?.id ?? c.get("pendingSession")?.claims.userId ?? null,
  });
};

/** The Cloudflare data center that answered; "local" off the edge. */
const edgeColo = (request: Request) => {
  const colo = (request.cf as { colo?: unknown } | undefined)?.colo;
  return typeof colo === "string" ? colo : "local";
};
