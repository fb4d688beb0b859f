import { hc } from "hono/client";
import type { AppType } from "../app";
import { BASE_URL, call } from "./http";

/**
 * The API through Hono's typed client over the real worker (call(): every middleware, real D1), so a test's request
 * and the answer it reads fail the type check when a route's schema changes. `headers` go with every request (a
 * Bearer token, a client address); `env` replaces the test environment as call() does.
 */
export const apiClient = ({ headers = {}, env }: { headers?: Record<string, string>; env?: Env } = {}) =>
  hc<AppType>(BASE_URL, {
    headers,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return call(`${url.pathname}${url.search}`, { ...init, ...(env ? { env } : {}) });
    },
  }).api;
