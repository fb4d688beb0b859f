/** Sent by the page to a waiting service worker: take over now (the page reloads right after). */
export const SKIP_WAITING = "skip-waiting";
