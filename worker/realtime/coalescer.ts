type Drain = { open: boolean; lastProgress: number };

type Options = {
  /** How long one request goes on sending others' items before the next one to add an item takes over. */
  handoverMs?: number;
  /** A drain that has made no progress for this long (its request was cut off mid-send) no longer holds items back. */
  staleMs?: number;
  clock?: () => number;
};

/**
 * Sends items in batches, one batch at a time per isolate: an item added while a batch is on its way leaves with the
 * next batch instead of in a call of its own, and an item added while nothing is on its way leaves at once. Under
 * load every hub then gets one call per round of waiting items, not one per item.
 *
 * Only the caller that started a drain sends, with its own `send` (its request's stubs: an I/O object may not be used
 * from another request); the others only add to the queue, which it empties before it stops. Past `handoverMs` it
 * sends what it has taken and stops, and whoever adds next starts a drain of their own, so no request's waitUntil
 * runs on for as long as the load lasts.
 */
export const createCoalescer = <T>({ handoverMs = 1_000, staleMs = 10_000, clock = Date.now }: Options = {}) => {
  const waiting: T[] = [];
  let current: Drain | null = null;

  return async (item: T, send: (items: T[]) => Promise<unknown>): Promise<void> => {
    waiting.push(item);
    if (current?.open && clock() - current.lastProgress < staleMs) return;
    const drain: Drain = { open: true, lastProgress: clock() };
    const started = drain.lastProgress;
    current = drain;
    try {
      while (waiting.length > 0) {
        // Closed in the same turn as the queue is emptied: an item added after it starts its own drain.
        if (clock() - started >= handoverMs) drain.open = false;
        await send(waiting.splice(0));
        drain.lastProgress = clock();
        if (!drain.open) return;
      }
    } finally {
      drain.open = false;
      if (current === drain) current = null;
    }
  };
};
