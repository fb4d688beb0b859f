import type { AppType } from "@pickstreak/api-types";
import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { bookmarkHeaders, rememberBookmark } from "./d1-bookmark";
import { mayHaveSession } from "./session-hint";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const NETWORK_ERROR = "Network error. Please check your connection.";

/** The request never got an answer: no network, or the server out of reach. */
export const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time, shared by every request that found its access token expired. */
const refreshSession = (): Promise<boolean> => {
  refreshing ??= fetch("/api/auth/refresh", { method: "POST", credentials: "same-origin" })
    .then(async (response) => {
      // Read to the end (it is small): an unread body keeps the request open in the browser.
      await response.arrayBuffer();
      return response.ok;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
};

const send = (request: Request) => {
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(bookmarkHeaders())) headers.set(name, value);
  return fetch(new Request(request, { headers, credentials: "same-origin" }));
};

/**
 * The typed client's transport: same-origin cookies, the database bookmark both ways, and one refresh and retry
 * when an access token expired. A failed connection is an ApiError with status 0; an aborted one stays an AbortError.
 */
const apiFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const retry = request.clone();
  try {
    let response = await send(request);
    if (
      response.status === 401 &&
      !new URL(request.url).pathname.startsWith("/api/auth/") &&
      mayHaveSession() &&
      (await refreshSession())
    ) {
      response = await send(retry);
    }
    rememberBookmark(response);
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", NETWORK_ERROR);
  }
};

/** The API, typed by the worker's own routes: a changed response shape fails the web app's type check. */
export const client = hc<AppType>(globalThis.location?.origin ?? "http://localhost", { fetch: apiFetch }).api;

type AnyResponse = ClientResponse<unknown, number, string>;

/** The body of the answer's success statuses. */
export type Success<R> =
  R extends ClientResponse<infer Body, infer Status, "json">
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : never;

/** The success body of a client call, for the types a feature names: `Answer<typeof client.picks.$get>`. */
export type Answer<Call extends (...args: never[]) => Promise<AnyResponse>> = Success<Awaited<ReturnType<Call>>>;

/** What the call answered when it succeeded; otherwise an ApiError with the server's code and message. */
export const unwrap = async <R extends AnyResponse>(call: Promise<R>): Promise<Success<R>> => {
  const response = await call;
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(response.status, error?.code ?? "unknown", error?.message ?? "An error occurred", error ?? {});
  }
  return body as Success<R>;
};

/** A request's body from the client's own types, for forms that build one. */
export type { InferRequestType as RequestOf, InferResponseType as ResponseOf } from "hono/client";
