import { LIVE_CLOSE } from "#shared/live-close";

const BASE_MS = 500;
const MAX_MS = 30_000;

/** Exponential backoff with full jitter, so many clients reconnecting after an outage do not stampede. */
export const reconnectDelay = (attempt: number, random = Math.random()) =>
  Math.round(random * Math.min(MAX_MS, BASE_MS * 2 ** attempt));

/**
 * What a tab does when its socket closes. A socket closed because the user opened too many elsewhere waits until
 * this tab is looked at again: reconnecting at once would close another tab's oldest socket, which would do the
 * same, round and round.
 */
export const afterClose = (code: number): "reconnect" | "wait-until-visible" =>
  code === LIVE_CLOSE.tooMany.code ? "wait-until-visible" : "reconnect";
