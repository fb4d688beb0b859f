import * as z from "zod";
import type { Db } from "./db/client";
import type { AuthUser } from "./features/auth/auth.types";

const envSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "staging", "production"]),
  APP_URL: z.url(),
  ADMIN_EMAILS: z.string().default(""),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
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
  };
};
