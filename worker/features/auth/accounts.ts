import { and, eq, isNull, sql } from "drizzle-orm";
import { compiledQuery, firstOf, type RowOf } from "../../db/compiled";
import { users } from "../../db/schema";
import type { Settings } from "../../env";
import type { Email } from "../../lib/mailer";
import { confirmationEmail } from "./auth-emails";
import type { Role } from "../../lib/viewer";
import { issueEmailToken } from "./email-tokens";

/**
 * Emails are stored lowercased and compared without case; deleted accounts no longer own their address. Every
 * sign-in reads it, so it is compiled once (db/compiled.ts).
 */
const accountByEmail = compiledQuery((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      emailConfirmedAt: users.emailConfirmedAt,
      passwordHash: users.passwordHash,
      passwordSalt: users.passwordSalt,
      passwordIterations: users.passwordIterations,
      referredBy: users.referredBy,
    })
    .from(users)
    .where(and(eq(users.email, sql.placeholder("email")), isNull(users.deletedAt))),
);

export type Account = RowOf<typeof accountByEmail>;

export const findAccount = (d1: D1Database, email: string) => firstOf(accountByEmail(d1, { email }));

/** A fresh confirmation link for an unconfirmed account; null when there is nothing to confirm. */
export const confirmationEmailFor = async (
  d1: D1Database,
  settings: Settings,
  account: Pick<Account, "id" | "email" | "emailConfirmedAt"> | null,
  now: number,
): Promise<Email | null> => {
  if (!account || account.emailConfirmedAt !== null) return null;
  const { token, statement } = await issueEmailToken(d1, account.id, "confirm_email", now);
  await statement.run();
  return confirmationEmail(settings.APP_URL, account.email, token);
};

export const roleFor = (settings: Settings, email: string): Role =>
  settings.adminEmails.has(email.toLowerCase()) ? "admin" : "player";
