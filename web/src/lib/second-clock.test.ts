import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { secondClock } from "./second-clock";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe("secondClock", () => {
  it("runs one interval for every listener, ticking them all on the same second", () => {
    const intervals = vi.spyOn(globalThis, "setInterval");
    const first = vi.fn();
    const second = vi.fn();
    const stops = [secondClock.subscribe(first), secondClock.subscribe(second)];
    expect(intervals).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(3);
    expect(secondClock.read()).toBe(1_003_000);
    for (const stop of stops) stop();
  });

  it("keeps the last tick's time between ticks while it runs", () => {
    const stop = secondClock.subscribe(() => undefined);
    vi.advanceTimersByTime(1500);
    expect(secondClock.read()).toBe(1_001_000);
    stop();
  });

  it("stops when the last listener leaves, and then reads the real time", () => {
    const listener = vi.fn();
    const stopFirst = secondClock.subscribe(listener);
    const stopSecond = secondClock.subscribe(() => undefined);
    stopFirst();
    vi.advanceTimersByTime(1000);
    expect(listener).not.toHaveBeenCalled();
    stopSecond();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(2500);
    expect(secondClock.read()).toBe(1_003_500);
  });
});
