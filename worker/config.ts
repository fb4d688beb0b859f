/** Business and security constants in one place, so an operator can change them without hunting. */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const SIGNUP_BONUS = 5;
export const REFERRED_SIGNUP_BONUS = 10;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_MS = 30 * DAY_MS;
export const EMAIL_CONFIRMATION_TTL_MS = 24 * HOUR_MS;
export const PASSWORD_RESET_TTL_MS = 60 * MINUTE_MS;

export type RateLimitRule = { limit: number; windowMs: number };

/** Every window is at most RATE_LIMIT_WINDOW_MS long, which is how long the cron keeps a rate_limits row. */
export const RATE_LIMIT_WINDOW_MS = HOUR_MS;

export const RATE_LIMITS = {
  loginPerAccount: { limit: 100, windowMs: HOUR_MS },
  loginPerIp: { limit: 300, windowMs: HOUR_MS },
  signupPerIp: { limit: 20, windowMs: HOUR_MS },
  resendConfirmationPerIp: { limit: 20, windowMs: HOUR_MS },
  passwordResetPerIp: { limit: 20, windowMs: HOUR_MS },
  contactPerIp: { limit: 10, windowMs: HOUR_MS },
} as const satisfies Record<string, RateLimitRule>;

export const ADMIN_PAGE_SIZE = 50;
export const DEV_OUTBOX_LIMIT = 50;

/** A correct free pick (credit cost 0) pays this many credits; its multiplier is always 1. */
export const FREE_PICK_PAYOUT = 2;
/** A correct paid pick pays this multiple of what it cost. */
export const PAYOUT_FACTOR = 2;
export const PICKS_PAGE_SIZE = 50;

/** Public live topics are split over this many hub objects; a user's sockets always share one (see docs/decisions). */
export const LIVE_SHARDS = 8;
/** Messages a client may send per socket per minute besides pings (which never reach the object). */
export const LIVE_SOCKET_MESSAGE_LIMIT = 30;
