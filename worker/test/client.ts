import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
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

type AnyResponse = ClientResponse<unknown, number, string>;
type BodyAt<R, S> =
  R extends ClientResponse<infer Body, infer Status, "json"> ? (Status extends S ? Body : never) : never;
export type Success<R> = BodyAt<R, SuccessStatusCode>;

/** The success body of a typed call; any other answer fails the test with what the server said. */
export const successOf = async <R extends AnyResponse>(call: Promise<R>) => {
  const response = await call;
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return { status: response.status, body: (await response.json()) as Success<R> };
};

/** The body of an answer that must have `status`, typed as the route declares that status; any other fails the test. */
export const bodyAt = async <R extends AnyResponse, const S extends number>(response: R, status: S) => {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as BodyAt<R, S>;
};
