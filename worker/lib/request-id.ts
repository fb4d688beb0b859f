import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

/** Longer than any Ray ID; a header over it is not Cloudflare's and is not taken. */
const MAX_RAY_LENGTH = 64;

let isolatePrefix = "";
let answered = 0;

/**
 * Workers forbid random values outside a request, so the isolate's prefix is drawn by its first; the count makes each
 * id after it unique for the isolate's life.
 */
const localId = () => {
  isolatePrefix ||= crypto.randomUUID().slice(0, 13);
  answered += 1;
  return `${isolatePrefix}-${answered.toString(36)}`;
};

/**
 * Names the request in its logs and its `X-Request-Id` answer. At the edge that is Cloudflare's own Ray ID, which
 * its dashboard, its logs and its support already use for the same request; where there is none (local workerd), an
 * id of this isolate's. A client's own `X-Request-Id` is not taken: nobody outside chooses what our logs call a request.
 * One header read instead of a random UUID per request (about 3 us of each health check, docs/decisions/0021-worker-hot-path.md).
 */
export const requestIdFor = (ray: string | null | undefined) => (ray && ray.length <= MAX_RAY_LENGTH ? ray : localId());

export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const id = requestIdFor(c.req.header("CF-Ray"));
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
};
