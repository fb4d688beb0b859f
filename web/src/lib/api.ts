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

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

const NETWORK_ERROR = "Network error. Please check your connection.";

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

const send = (path: string, options: RequestOptions) =>
  fetch(path, {
    method: options.method ?? "GET",
    credentials: "same-origin",
    signal: options.signal,
    headers: {
      ...(options.json === undefined ? {} : { "Content-Type": "application/json" }),
      ...bookmarkHeaders(),
      ...options.headers,
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });

/** The single way the web app talks to the API: JSON in and out, errors as ApiError with the server's message. */
export const api = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  let response: Response;
  try {
    response = await send(path, options);
    if (response.status === 401 && !path.startsWith("/api/auth/") && mayHaveSession() && (await refreshSession())) {
      response = await send(path, options);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", NETWORK_ERROR);
  }
  rememberBookmark(response);
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(response.status, error?.code ?? "unknown", error?.message ?? "An error occurred", error ?? {});
  }
  return body as T;
};
