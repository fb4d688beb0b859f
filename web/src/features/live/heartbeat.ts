export const PING_INTERVAL_MS = 25_000;
/** Two missed pongs: the connection is half-open (a sleeping laptop, a dropped NAT entry) even if it looks open. */
const SILENCE_LIMIT_MS = 2 * PING_INTERVAL_MS + 5_000;

/** At a ping tick: is it time to give up on this socket and reconnect (which refetches what may have been missed)? */
export const isSilent = (lastFrameAt: number, now: number) => now - lastFrameAt > SILENCE_LIMIT_MS;
