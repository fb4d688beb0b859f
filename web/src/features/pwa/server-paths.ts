/**
 * The paths the worker answers before the asset layer: wrangler.toml's `run_worker_first` after the pages that carry
 * the feed's first page (FIRST_FEED_PATHS, pages of the app all the same), kept in step by server-paths.test.ts. The
 * service worker never answers a navigation to one of them with the app's shell.
 */
export const WORKER_FIRST_PATHS = ["/api/*", "/__scheduled", "/assets/*", "/share/*"] as const;

export const isServerPath = (pathname: string) =>
  WORKER_FIRST_PATHS.some((pattern) =>
    pattern.endsWith("/*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern,
  );
