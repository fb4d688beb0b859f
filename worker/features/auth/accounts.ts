import type { Settings } from "../../env";
import type { Email } from "../../lib/mailer";
import { confirmationEmail } from "./auth-emails";
import type { Role } from "./auth.types";
import { issueEmailToken } from "./email-tokens";

export type Account = {
  id: string;
  email: string;
  role: Role;
  email_confirmed_at: number | null;
  password_hash: string | null;
  password_salt: string | null;
  password_iterations: number | null;
};

/** Emails are stored lowercased and compared without case; deleted accounts no longer own their address. */
export const findAccount = (d1: D1Database, email: string) =>
  d1
    .prepare(
      `SELECT id, email, role, email_confirmed_at, password_hash, password_salt, password_iterations
       FROM users WHERE email = ? AND deleted_at IS NULL`,
    )
    .bind(email)
    .first<Account>();

/** A fresh confirmation link for an unconfirmed account; null when there is nothing to confirm. */
export const confirmationEmailFor = async (
  d1: D1Database,
  settings: Settings,
  account: Pick<Account, "id" | "email" | "email_confirmed_at"> | null,
  now: number,
): Promise<Email | null> => {
  if (!account || account.email_confirmed_at !== null) return null;
  const { token, statement } = await issueEmailToken(d1, account.id, "confirm_email", now);
  await statement.run();
  return confirmationEmail(settings.APP_URL, account.email, token);
};

export const roleFor = (settings: Settings, email: string): Role =>
  settings.adminEmails.has(email.toLowerCase()) ? "admin" : "player";
