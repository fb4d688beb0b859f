import * as z from "zod";
import type { AuthUser, PendingSession } from "./lib/viewer";
import type { DataContext } from "./db/data-context";

const envSchema = z
  .object({
    ENVIRONMENT: z.enum(["development", "test", "staging", "production"]),
    APP_URL: z.url(),
    ADMIN_EMAILS: z.string().default(""),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
    // Keys the hashes of addresses that had a sign-up bonus; falls back to SESSION_SECRET (see docs/decisions/0018-bonus-once.md).
    EMAIL_FINGERPRINT_SECRET: z.string().min(32, "EMAIL_FINGERPRINT_SECRET must be at least 32 characters").optional(),
    EMAIL_API_URL: z.url().optional(),
    EMAIL_API_KEY: z.string().min(1).optional(),
    EMAIL_FROM: z.string().min(3).optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    // Local development and browser tests point the Stripe SDK at our stand-in (scripts/stripe-standin).
    STRIPE_API_HOST: z.string().min(1).optional(),
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
    EXCHANGE_RATES_URL: z.url().optional(),
    // Web push (docs/decisions/0023-push-notifications.md): the application server's P-256 key pair, base64url (the
    // public key raw, the private key its `d`), and the contact the push services see. Local ones stand in when unset.
    VAPID_PUBLIC_KEY: z.string().min(80).optional(),
    VAPID_PRIVATE_KEY: z.string().min(40).optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:)/)
      .optional(),
    // Local development and browser tests deliver pushes to our stand-in (scripts/push-standin).
    PUSH_STANDIN_URL: z.url().optional(),
    // The score API that resolves linked questions (docs/decisions/0024-score-feed.md); without a URL auto-resolution is off.
    SCORE_FEED_URL: z.url().optional(),
    SCORE_FEED_KEY: z.string().min(1).optional(),
    // Health alerts (admin-health/health-alerts.ts): where an operator is told besides ADMIN_EMAILS, and how long
    // settlement, emails and push notices may wait before they count as stuck.
    ALERT_WEBHOOK_URL: z.url().optional(),
    ALERT_SETTLEMENT_LAG_MINUTES: z.coerce.number().int().min(1).default(10),
    ALERT_EMAIL_BACKLOG_MINUTES: z.coerce.number().int().min(1).default(15),
    ALERT_PUSH_BACKLOG_MINUTES: z.coerce.number().int().min(1).default(15),
    // The last hour's 5xx share of requests (with at least ALERT_ERROR_RATE_MIN_REQUESTS of them) and Stripe webhook
    // deliveries refused or failed, read from the metrics dataset through Analytics Engine's SQL API.
    ALERT_ERROR_RATE_PERCENT: z.coerce.number().min(0).max(100).default(5),
    ALERT_ERROR_RATE_MIN_REQUESTS: z.coerce.number().int().min(1).default(20),
    ALERT_WEBHOOK_FAILURES: z.coerce.number().int().min(1).default(3),
    ANALYTICS_ACCOUNT_ID: z.string().min(1).optional(),
    ANALYTICS_API_TOKEN: z.string().min(1).optional(),
    METRICS_DATASET: z
      .string()
      .regex(/^[a-z0-9_]+$/)
      .default("pickstreak_metrics"),
    // Error reports (lib/error-reports.ts) go to any Sentry-protocol server; none are sent without a DSN. The release
    // is the deployed commit, set by the deployment (docs/deployment.md).
    SENTRY_DSN: z.url().optional(),
    SENTRY_RELEASE: z.string().min(1).optional(),
    READ_LOG_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
    EDGE_CACHE: z
      .enum(["on", "off"])
      .default("off")
      .transform((value) => value === "on"),
  })
  .refine((env) => env.ENVIRONMENT !== "production" || (env.EMAIL_API_URL && env.EMAIL_API_KEY), {
    message: "EMAIL_API_URL and EMAIL_API_KEY are required in production",
    path: ["EMAIL_API_URL"],
  })
  .refine(
    (env) =>
      !env.SCORE_FEED_URL || env.SCORE_FEED_KEY || env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test",
    {
      message: "SCORE_FEED_KEY is required with SCORE_FEED_URL outside local development",
      path: ["SCORE_FEED_KEY"],
    },
  )
  .refine(
    (env) =>
      env.ENVIRONMENT !== "production" ||
      (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.EXCHANGE_RATES_URL),
    {
      message: "STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and EXCHANGE_RATES_URL are required in production",
      path: ["STRIPE_SECRET_KEY"],
    },
  )
  .refine(
    (env) => env.ENVIRONMENT !== "production" || (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT),
    {
      message: "VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are required in production",
      path: ["VAPID_PUBLIC_KEY"],
    },
  );

export type Settings = z.infer<typeof envSchema> & { adminEmails: ReadonlySet<string> };

let cached: { source: Env; settings: Settings } | undefined;

/** Parses the environment once per isolate; a missing or malformed value fails every request loudly. */
export const readSettings = (env: Env): Settings => {
  if (cached?.source === env) return cached.settings;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
  }
  const adminEmails = new Set(
    parsed.data.ADMIN_EMAILS.split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
  const settings = { ...parsed.data, adminEmails };
  cached = { source: env, settings };
  return settings;
};

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    settings: Settings;
    user: AuthUser | null;
    pendingSession: PendingSession | null;
    /** Where every row lives: features reach data only through it (db/data-context.ts). */
    data: DataContext;
  };
};
