import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoadingBarController } from "./loading-bar-controller";

const fakeTimers = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe("loading bar timing", () => {
  let states: boolean[];
  let bar: LoadingBarController;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    bar = new LoadingBarController((visible) => states.push(visible), fakeTimers);
  });
  afterEach(() => vi.useRealTimers());

  it("stays visible at least 200 ms even when the route changes at once", () => {
    bar.start();
    bar.finish();
    vi.advanceTimersByTime(199);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
  });

  it("hides about 50 ms after a slow route change", () => {
    bar.start();
    vi.advanceTimersByTime(1000);
    bar.finish();
    vi.advanceTimersByTime(49);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
  });

  it("hides by itself after 3 s", () => {
    bar.start();
    vi.advanceTimersByTime(2999);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
  });
});
