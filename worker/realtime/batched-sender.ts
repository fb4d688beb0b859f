import { log } from "../lib/log";

type BatchedSenderOptions<T> = {
  /** Hands one batch on; a failure is logged and the batch dropped (publishing never retries: clients refetch). */
  send: (items: T[]) => Promise<unknown>;
  /** Beyond this many waiting items the oldest are dropped, so a receiver that stalls cannot grow a frame without end. */
  limit: number;
  what: string;
};

/**
 * One send at a time: the first item after a quiet spell leaves at once, and whatever arrives while a send is out
 * leaves together, in order, when it has been answered. Batches grow with the load and the receiver's pace, with no
 * timer: the calls a second are bounded by the receiver's answers, not by the number of items.
 */
export const createBatchedSender = <T>({ send, limit, what }: BatchedSenderOptions<T>) => {
  let waiting: T[] = [];
  let sending = false;

  const drain = async () => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await send(batch);
      } catch (error) {
        log("warn", "live_publish_failed", { what, items: batch.length, error: String(error) });
      }
    }
    sending = false;
  };

  return {
    add(items: T[]) {
      if (items.length === 0) return;
      waiting.push(...items);
      if (waiting.length > limit) {
        log("warn", "live_sender_dropped", { what, items: waiting.length - limit });
        waiting = waiting.slice(-limit);
      }
      if (sending) return;
      sending = true;
      void drain();
    },
  };
};
