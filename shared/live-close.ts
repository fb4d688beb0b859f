/**
 * Close codes the live hub sends: the session ended, or the user opened more sockets than allowed (oldest closed).
 * Apart from the message schema, so the web app reads them without loading the validator at start-up.
 */
export const LIVE_CLOSE = {
  signedOut: { code: 4401, reason: "signed out" },
  tooMany: { code: 4429, reason: "too many sockets" },
} as const;
