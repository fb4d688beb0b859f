import { describe, expect, it, vi } from "vitest";
import { PRELOAD_RELOAD_KEY, PRELOAD_RELOAD_WINDOW_MS, reloadOnceOnMissingChunk } from "./missing-chunk";

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

const preloadError = () => {
  const event = new Event("vite:preloadError", { cancelable: true });
  return event;
};

describe("reloadOnceOnMissingChunk", () => {
  it("reloads on a missing chunk and keeps Vite from throwing it", () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    const event = preloadError();
    reloadOnceOnMissingChunk(storage, reload, () => 1_000_000)(event);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    expect(storage.getItem(PRELOAD_RELOAD_KEY)).toBe("1000000");
  });

  it("does not reload again soon after, so a chunk missing from the new build too cannot loop", () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    let now = 1_000_000;
    const handle = reloadOnceOnMissingChunk(storage, reload, () => now);
    handle(preloadError());
    now += PRELOAD_RELOAD_WINDOW_MS - 1;
    const again = preloadError();
    handle(again);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);

    // A later deploy, in the same tab, is recovered from again.
    now += 1;
    handle(preloadError());
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("leaves the error alone when the tab cannot remember that it reloaded", () => {
    const reload = vi.fn();
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => undefined,
    };
    reloadOnceOnMissingChunk(broken, reload)(preloadError());
    expect(reload).not.toHaveBeenCalled();
  });
});
