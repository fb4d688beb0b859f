import { eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { users } from "../../db/schema";
import type { Settings } from "../../env";
import { emailFingerprint } from "../auth/email-fingerprint";
import { revokeAllSessions } from "../auth/session.service";
import { claimAddress } from "../auth/welcome-bonus";
import { writeAccount } from "../auth/directory";

/**
 * Erases what identifies a person and keeps the rest: the ledger, picks and stats stay under an anonymous
 * user so balances and leaderboards remain consistent. The placeholder email is unique and non-routable (.invalid).
 * The address's bonus claim stays (an account from before the claims writes it now), so signing up again with it
 * earns no bonus.
 */
export const deleteAccount = async (env: Env, settings: Settings, userId: string, now: number) => {
  const anonymous = userId.replaceAll("-", "");
  const catalogue = env.DB;
  const [account] = await createDb(catalogue).select({ email: users.email }).from(users).where(eq(users.id, userId));
  const claim = account ? [claimAddress(catalogue, await emailFingerprint(settings, account.email), userId, now)] : [];
  await writeAccount(
    env,
    userId,
    () => ({
      claim,
      erased: catalogue
        .prepare(
          `UPDATE users SET email = ?1, username = ?2, password_hash = NULL, password_salt = NULL,
             password_iterations = NULL, avatar_url = NULL, deleted_at = ?3, updated_at = ?3
           WHERE id = ?4`,
        )
        .bind(`deleted-${anonymous}@deleted.invalid`, `deleted_${anonymous}`, now, userId),
      messages: catalogue.prepare("DELETE FROM contact_messages WHERE user_id = ?").bind(userId),
    }),
    (d1) => ({
      sessions: revokeAllSessions(d1, userId, now),
      refreshTokens: d1.prepare("DELETE FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions WHERE user_id = ?)").bind(userId),
      links: d1.prepare("DELETE FROM auth_tokens WHERE user_id = ?").bind(userId),
      // A device address is personal data, and a deleted player must hear nothing more; the outbox rows go with it.
      devices: d1.prepare("DELETE FROM push_subscriptions WHERE user_id = ?").bind(userId),
      notificationSettings: d1.prepare("DELETE FROM notification_settings WHERE user_id = ?").bind(userId),
    }),
  );
};
