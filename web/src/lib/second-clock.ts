import { useSyncExternalStore } from "react";

const SECOND = 1000;

const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

/**
 * One clock for every countdown on screen: a single interval however many cards tick, running only while one listens.
 * Readers take the time of the last tick, so every countdown on screen moves on the same second.
 */
export const secondClock = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    if (ticker === undefined) {
      now = Date.now();
      ticker = setInterval(() => {
        now = Date.now();
        for (const notify of listeners) notify();
      }, SECOND);
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      clearInterval(ticker);
      ticker = undefined;
    };
  },
  /** The last tick's time while the clock runs; the real time while nothing listens (a first render). */
  read: () => (ticker === undefined ? Date.now() : now),
};

const stillClock = () => () => undefined;

/**
 * A value derived from the shared clock, such as a countdown's text. The component re-renders only when the value
 * changes, so derive a string or a flag, never a fresh object. While `active` is false nothing keeps the clock running.
 */
export const useClockValue = <T>(derive: (now: number) => T, active = true) =>
  useSyncExternalStore(
    active ? secondClock.subscribe : stillClock,
    () => derive(secondClock.read()),
    () => derive(Date.now()),
  );
