import * as z from "zod";
import type { Db } from "./db/client";
import type { AuthUser } from "./features/auth/auth.types";
import type { Mailer } from "./lib/mailer";

const envSchema = z
  .object({
    ENVIRONMENT: z.enum(["development", "test", "staging", "production"]),
    APP_URL: z.url(),
    ADMIN_EMAILS: z.string().default(""),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
    EMAIL_API_URL: z.url().optional(),
    EMAIL_API_KEY: z.string().min(1).optional(),
    EMAIL_FROM: z.string().min(3).optional(),
  })
  .refine((env) => env.ENVIRONMENT !== "production" || (env.EMAIL_API_URL && env.EMAIL_API_KEY), {
    message: "EMAIL_API_URL and EMAIL_API_KEY are required in production",
    path: ["EMAIL_API_URL"],
  });

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
    db: Db;
    user: AuthUser | null;
    mailer: Mailer;
  };
};
