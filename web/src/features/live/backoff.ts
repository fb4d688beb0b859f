const BASE_MS = 500;
const MAX_MS = 30_000;

/** Exponential backoff with full jitter, so many clients reconnecting after an outage do not stampede. */
export const reconnectDelay = (attempt: number, random = Math.random()) =>
  Math.round(random * Math.min(MAX_MS, BASE_MS * 2 ** attempt));
