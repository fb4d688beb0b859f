import { log } from "../lib/log";

type OutboxOptions<T> = {
  /** Hands one batch on; a failure is logged and the batch dropped (publishing never retries: clients refetch). */
  send: (items: T[]) => Promise<unknown>;
  /** The least time between two sends' starts. */
  windowMs: number;
  /** Beyond this many waiting items the oldest are dropped, so a stalled receiver cannot grow a frame without end. */
  limit: number;
  what: string;
};

/**
 * Items handed over while the receiver is busy or within `windowMs` of the last send leave together, in order. The
 * first item after a quiet spell leaves at once, so a lone event waits for nothing; under load the number of calls
 * is bounded by the window, not by the number of items. At most one send is in flight.
 */
export const createOutbox = <T>({ send, windowMs, limit, what }: OutboxOptions<T>) => {
  let waiting: T[] = [];
  let draining = false;
  let lastSentAt = Number.NEGATIVE_INFINITY;

  const drain = async () => {
    while (waiting.length > 0) {
      const wait = lastSentAt + windowMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const batch = waiting;
      waiting = [];
      lastSentAt = Date.now();
      try {
        await send(batch);
      } catch (error) {
        log("warn", "live_publish_failed", { what, items: batch.length, error: String(error) });
      }
    }
    draining = false;
  };

  return {
    add(items: T[]) {
      waiting.push(...items);
      if (waiting.length > limit) {
        log("warn", "live_outbox_dropped", { what, items: waiting.length - limit });
        waiting = waiting.slice(-limit);
      }
      if (draining || waiting.length === 0) return;
      draining = true;
      void drain();
    },
  };
};

export type Outbox<T> = ReturnType<typeof createOutbox<T>>;
