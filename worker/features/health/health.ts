import { API_SECURITY_HEADERS, DEFAULT_CACHE_CONTROL } from "../../lib/security-headers";
import { requestIdFor } from "../../lib/request-id";

const HEALTH_URL = /^https?:\/\/[^/]+\/api\/health(?:\?|$)/;
const HEALTH_BODY = JSON.stringify({ ok: true });
/** Everything but the request id, the same for every answer. */
const HEALTH_HEADERS = {
  "Content-Type": "application/json",
  "Cache-Control": DEFAULT_CACHE_CONTROL,
  ...API_SECURITY_HEADERS,
};

export const isHealthCheck = (request: Request) =>
  (request.method === "GET" || request.method === "HEAD") && HEALTH_URL.test(request.url);

/**
 * `{"ok":true}` with the API's headers, answered by the worker's entry before the router: a liveness check reads no
 * settings, database, body or session, and a probe every few seconds is the worker's most frequent request
 * (docs/decisions/0021-worker-hot-path.md).
 */
export const answerHealthCheck = (request: Request) =>
  new Response(request.method === "HEAD" ? null : HEALTH_BODY, {
    headers: { ...HEALTH_HEADERS, "X-Request-Id": requestIdFor(request.headers.get("CF-Ray")) },
  });
