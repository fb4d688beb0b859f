import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { ApiError, client, unwrap, type Answer } from "../../lib/api";
import { forgetSessionHint, mayHaveSession } from "../../lib/session-hint";

export type Me = Answer<typeof client.me.$get>;
export type MeUser = Me["user"];
export type Credits = Me["credits"];

const INITIAL_WAIT_MS = 100;
const MAX_SESSION_RETRIES = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let firstLoad = true;

/** The signed-in user, or null for a visitor (401 is an answer, not an error). */
const fetchMe = async ({ signal }: { signal: AbortSignal }): Promise<Me | null> => {
  if (!mayHaveSession()) return null;
  if (firstLoad) {
    firstLoad = false;
    await sleep(INITIAL_WAIT_MS);
  }
  try {
    return await unwrap(client.me.$get(undefined, { init: { signal } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetSessionHint();
      return null;
    }
    throw error;
  }
};

export const meQueryOptions = queryOptions({
  queryKey: ["me"],
  queryFn: fetchMe,
  staleTime: 60_000,
  retry: MAX_SESSION_RETRIES,
  // The client waits 1 s after an error answer and 2 s after an exception (network) before retrying.
  retryDelay: (_attempt, error) => (error instanceof ApiError && error.status > 0 ? 1000 : 2000),
});

/**
 * Without the hint cookie there is no session to ask for, so the visitor is known before the first render, which
 * draws the visitor's header at once rather than a placeholder and a second render. `cookies` is the request's in
 * the worker's first view of /home (web/src/ssr), so both draw the same.
 */
export const recogniseVisitor = (queryClient: QueryClient, cookies?: string) => {
  if (!mayHaveSession(cookies)) queryClient.setQueryData(meQueryOptions.queryKey, null);
};

/** Who is signed in, waiting for the session check while it is under way; null for a visitor, as when the check failed. */
export const ensureMe = (queryClient: QueryClient) => queryClient.ensureQueryData(meQueryOptions).catch(() => null);

export type AuthState = {
  status: "loading" | "initialized";
  me: Me | null;
  isAdmin: boolean;
};

export const useAuth = (): AuthState => {
  const { data, isPending } = useQuery(meQueryOptions);
  const me = data ?? null;
  return { status: isPending ? "loading" : "initialized", me, isAdmin: me?.user.role === "admin" };
};
