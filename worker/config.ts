/** Business and security constants in one place, so an operator can change them without hunting. */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const SIGNUP_BONUS = 5;
export const REFERRED_SIGNUP_BONUS = 10;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_MS = 30 * DAY_MS;
/**
 * Two tabs of one browser share the refresh cookie and may both refresh at once. Within this window the second
 * gets an access token (the first already set the new refresh cookie) instead of being taken for a thief.
 */
export const REFRESH_REUSE_GRACE_MS = 10 * 1000;
export const EMAIL_CONFIRMATION_TTL_MS = 24 * HOUR_MS;
export const PASSWORD_RESET_TTL_MS = 60 * MINUTE_MS;
/** How long a browser that signed in stays a known device for its account (docs/decisions/0013-login-lockout.md). */
export const DEVICE_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;

export type RateLimitRule = { limit: number; windowMs: number };

/** Every window is at most RATE_LIMIT_WINDOW_MS long, which is how long the cron keeps a rate_limits row. */
export const RATE_LIMIT_WINDOW_MS = HOUR_MS;

export const RATE_LIMITS = {
  loginPerAccount: { limit: 100, windowMs: HOUR_MS },
  loginPerIp: { limit: 300, windowMs: HOUR_MS },
  /** Failed sign-ins from one known browser (device cookie), which then skips the per-account limit. */
  loginPerDevice: { limit: 10, windowMs: HOUR_MS },
  signupPerIp: { limit: 20, windowMs: HOUR_MS },
  resendConfirmationPerIp: { limit: 20, windowMs: HOUR_MS },
  passwordResetPerIp: { limit: 20, windowMs: HOUR_MS },
  passwordChangePerIp: { limit: 20, windowMs: HOUR_MS },
  contactPerIp: { limit: 10, windowMs: HOUR_MS },
  /** Browser error reports relayed to the error reports server: a page in an error loop must not spend them all. */
  errorReportsPerIp: { limit: 60, windowMs: HOUR_MS },
  /** Challenges of a score feed result a player may send, whatever the answer. */
  scoreFeedChallengePerUser: { limit: 5, windowMs: HOUR_MS },
  /**
   * Share card images drawn (not served from the cache) for one client address: each costs 0.1-0.2 s of CPU. Only
   * crawlers ask for them, once per card and version per data centre.
   */
  shareCardRenderPerIp: { limit: 100, windowMs: HOUR_MS },
} as const satisfies Record<string, RateLimitRule>;

export const ADMIN_PAGE_SIZE = 50;
export const DEV_OUTBOX_LIMIT = 50;

/** A correct free pick (credit cost 0) pays this many credits; its multiplier is always 1. */
export const FREE_PICK_PAYOUT = 2;
/** A correct paid pick pays this multiple of what it cost. */
export const PAYOUT_FACTOR = 2;
export const PICKS_PAGE_SIZE = 50;
export const STREAK_HISTORY_PAGE_SIZE = 20;
/** My Picks draws the player's record (wins, losses, the streak) over this many days, today included. */
export const PICK_RECORD_DAYS = 30;
/** The admin dashboard's daily counts (picks, purchases, redemptions) cover this many UTC days, today included. */
export const ADMIN_DASHBOARD_DAYS = 30;

/** Picks settled (or refunded on delete) per D1 batch: a few statements each, and at most ~55 bound parameters per statement. */
export const SETTLEMENT_CHUNK_SIZE = 50;
/** A settlement run (the cron job or an outcome request) starts no new chunk after this long; the cron finishes the rest. */
export const SETTLEMENT_BUDGET_MS = 20_000;
/** ...nor after this many chunks: each costs about three D1 calls, and an invocation may make 1,000 subrequests. */
export const SETTLEMENT_MAX_CHUNKS = 250;
/** Queued questions the cron looks at per run, oldest change first. */
export const SETTLEMENT_QUESTIONS_PER_RUN = 20;

/** Question images must be smaller than this (under 5 MB). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_CACHE_CONTROL = "public, max-age=3600";

/** Public live topics are split over this many hub objects; a user's sockets always share one (see docs/decisions). */
export const LIVE_SHARDS = 8;
/** Messages a client may send per socket per minute besides pings (which never reach the object). */
export const LIVE_SOCKET_MESSAGE_LIMIT = 30;
/** Open sockets per signed-in user (all tabs and devices); a new one beyond this closes the oldest. */
export const LIVE_SOCKETS_PER_USER = 20;
/**
 * Open sockets per network (an IPv4 address, an IPv6 /64) across every hub; beyond this a new one is refused
 * (docs/decisions/0003-live-updates-sharding.md).
 */
export const LIVE_SOCKETS_PER_IP = 100;
/** A network at its cap asks the hubs for their true counts at most this often (worker/realtime/ip-sockets.ts). */
export const LIVE_IP_RECOUNT_MS = 10_000;
/**
 * Public messages pass through one relay object on their way to every hub, each hop one send at a time carrying
 * everything handed to it meanwhile (docs/decisions/0003-live-updates-sharding.md). A hop holds at most this many while its
 * receiver is slow; beyond that the oldest are dropped (readers refetch).
 */
export const LIVE_FAN_OUT_LIMIT = 200;
/** The relay leaves out a hub that answered with no socket until it announces one, or for this long at most. */
export const LIVE_EMPTY_HUB_RECHECK_MS = 30_000;

/** Gift cards and cash-outs pay this many US dollars per redeemed credit (stored and computed in whole cents). */
export const GIFT_CARD_USD_PER_CREDIT = 0.6;
export const REDEMPTION_MIN_CREDITS = 10;
/** A gift card's maximum when its reward row sets none. */
export const REDEMPTION_DEFAULT_MAX_CREDITS = 1000;
/** Profile countries whose players may redeem (sweepstakes rules; the gift cards are United States only). */
export const REDEMPTION_ALLOWED_COUNTRIES: readonly string[] = ["US"];
/** Credits a player may redeem (gift cards and cash-outs together, rejected ones not counted) per UTC day. */
export const REDEMPTION_DAILY_MAX_CREDITS = 500;
export const REDEMPTION_NOTE_MAX_LENGTH = 500;
/**
 * When the admin's redemption queue marks a request high risk (docs/decisions/0015-redemption-risk.md): any winnings
 * from a question a linked account took the other side of, a payout email another account also uses, or an account
 * younger than newAccountDays (when it asked) with at least newAccountLinkedAccounts linked accounts.
 */
export const REDEMPTION_RISK = { newAccountDays: 7, newAccountLinkedAccounts: 3, recentAwardDays: 30 } as const;
/** An admin may not fulfil a redemption of an account they awarded credits to within this many days (four eyes). */
export const FOUR_EYES_AWARD_DAYS = 90;

/** Paid once when a referred friend's first paid pick commits: to the referrer, and to the friend on top of the sign-up bonus. */
export const REFERRER_BONUS = 100;
export const REFERRED_FRIEND_BONUS = 50;
/** A referrer earns at most this many referrer bonuses per calendar month (UTC); friends are still paid their own. */
export const REFERRAL_BONUSES_PER_REFERRER_PER_MONTH = 20;
/** Invite history shows this many of the newest invites; the counts cover all of them. */
export const INVITE_HISTORY_LIMIT = 200;

/** The hourly exchange-rate fetch gives up after this long and keeps the last good rates. */
export const EXCHANGE_RATES_TIMEOUT_MS = 5_000;
/** Stripe API calls time out after this long (one retry on a network failure). */
export const STRIPE_TIMEOUT_MS = 10_000;
/** Stripe webhook bodies may be larger than our JSON routes allow. */
export const STRIPE_WEBHOOK_MAX_BYTES = 512 * 1024;
/** Per-account limits on starting checkouts and trying promo codes (guessing codes should be slow). */
export const PAYMENT_RATE_LIMITS = {
  checkoutPerUser: { limit: 30, windowMs: HOUR_MS },
  promoRedeemPerUser: { limit: 30, windowMs: HOUR_MS },
} as const satisfies Record<string, RateLimitRule>;
/** Admin-created promo codes: their length and the most credits one may give. */
export const PROMO_CODE_MAX_LENGTH = 32;
export const PROMO_CODE_MAX_CREDITS = 10_000;

/** Period leaderboards sum settled picks in buckets of this size (migrations/0006 divides by the same number). */
export const LEADERBOARD_BUCKET_MS = HOUR_MS;
export const LEADERBOARD_PAGE_SIZE = 50;
/** With players in several databases, each one's best this many per board are merged into the catalogue's boards every minute. */
export const LEADERBOARD_MERGED_PER_DATABASE = 1000;
/** The rank a ranked-looking player gets when no board row is found. */
export const RANK_NOT_FOUND = 999;
/** The stats dialog lists this many of the player's newest resolved picks. */
export const RECENT_RESOLVED_PICKS = 5;
export const ACTIVITY_PAGE_SIZE = 30;
/** Win entries broadcast live per settled question; the feed's readers refetch on any of them. */
export const ACTIVITY_LIVE_WINS = 5;

/** Contests (challenges): the entry fee and the prizes paid at the end (the lengths are in shared/contests.ts). */
export const CONTEST_ENTRY_FEE = 15;
/** Highest tier only; each tier holds at least one player of its own when enough joined (see contest-prizes.ts). */
export const CONTEST_PRIZE_TIERS = [
  { topPercent: 1, credits: 500 },
  { topPercent: 5, credits: 200 },
  { topPercent: 15, credits: 50 },
] as const;
/** Paid on top of any tier to places 1 to CONTEST_TOP_PLACES. */
export const CONTEST_TOP_PLACES = 10;
export const CONTEST_TOP_PLACES_PRIZE = 100;
export const CONTEST_STANDINGS_SIZE = 10;
/** GET /api/contests lists at most this many (running, upcoming, lately ended). */
export const CONTESTS_LISTED = 10;
/** An ended contest stays listed (as 'Challenge Ended') this long. */
export const CONTEST_ENDED_VISIBLE_MS = 3 * DAY_MS;
/** The payout job's bounds per run: contests looked at, and prize grants per D1 batch. */
export const CONTESTS_PER_RUN = 5;
export const CONTEST_PRIZES_PER_BATCH = 15;

/**
 * Daily credits: the first claim pays `base`; each claim on the day after the previous one pays `step` more, up to
 * `cap`; a missed day starts again at `base`. Bonus credits (not redeemable).
 */
export const DAILY_CREDITS = { base: 2, step: 1, cap: 5 } as const;

/** Web push (docs/decisions/0023-push-notifications.md). */
/** Sending the emails waiting in a player database (email-deliveries.ts). */
export const EMAIL_SENDS = {
  /** Emails one pass takes: each is a subrequest to the email API. */
  perRun: 40,
  concurrency: 6,
  /** A taken email is not taken again for this long, so a sender that dies mid-pass is retried, not lost. */
  leaseMs: 2 * MINUTE_MS,
  firstRetryMs: 30 * 1000,
  /** Doubling from the first retry, the last try is about eight hours after the first: long enough for an API outage. */
  maxAttempts: 11,
} as const;

export const PUSH = {
  /** Deliveries one send pass takes: each is a subrequest, and a pass must stay well inside a Worker's allowance. */
  perRun: 40,
  concurrency: 6,
  /** A taken delivery is not taken again for this long, so a sender that dies mid-pass is retried, not lost. */
  leaseMs: 2 * MINUTE_MS,
  firstRetryMs: 30 * 1000,
  maxAttempts: 6,
  timeoutMs: 10 * 1000,
  /** How long a push service keeps a notice for a device that is offline. */
  ttlSeconds: 24 * 60 * 60,
} as const;

/**
 * Auto-resolution from the score feed (docs/decisions/0024-score-feed.md): how long players may challenge a proposed
 * outcome before the cron makes it final, and what one every-minute run may do.
 */
export const CHALLENGE_WINDOW_MS = 30 * MINUTE_MS;
export const SCORE_FEED = {
  /** Linked questions whose events one run asks the feed about (one request), least recently checked first. */
  linksPerRun: 25,
  /** Proposals one run makes final, each a settlement. */
  finalsPerRun: 10,
  /** A final outcome's event is still watched this long, so a correction raises an alert. */
  watchAfterFinalMs: DAY_MS,
  /** Upcoming events the admin's form lists. */
  upcomingLimit: 100,
  timeoutMs: 5_000,
} as const;
