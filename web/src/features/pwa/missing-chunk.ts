/**
 * After a deploy, a tab still running the old build can ask for a chunk the server no longer has (a lazy dialog opened
 * before its next link reloads it, see service-worker.ts); Vite reports that as `vite:preloadError`. One reload takes
 * the tab to the new build. The time of that reload is kept for the tab, so a chunk that is missing from the new build
 * too shows the error screen instead of reloading forever.
 */
export const PRELOAD_RELOAD_KEY = "preload-error-reload-at";
/** A second failure this soon after the reload is the new build's own: no more reloads. */
export const PRELOAD_RELOAD_WINDOW_MS = 60_000;

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

export const reloadOnceOnMissingChunk =
  (storage: Storage, reload: () => void, now: () => number = Date.now) =>
  (event: Event) => {
    let last = 0;
    try {
      last = Number(storage.getItem(PRELOAD_RELOAD_KEY) ?? 0);
      if (now() - last < PRELOAD_RELOAD_WINDOW_MS) return;
      storage.setItem(PRELOAD_RELOAD_KEY, String(now()));
    } catch {
      // No session storage (a locked-down browser): without the guard a reload could loop, so leave the error to show.
      return;
    }
    event.preventDefault();
    reload();
  };
