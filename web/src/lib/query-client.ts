import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

const MINUTE = 60_000;

/**
 * Query defaults: stale 5 min, gc 10 min, 2 retries with exponential backoff up to 30 s. Back online, what is on
 * screen is fetched again even when fresh: questions close and picks settle while a phone is offline.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnReconnect: "always",
      },
    },
  });
