import { revokeAllSessions } from "../auth/session.service";

/**
 * Erases what identifies a person and keeps the rest: the ledger, picks and stats stay under an anonymous
 * user so balances and leaderboards remain consistent. The placeholder email is unique and non-routable (.invalid).
 */
export const deleteAccount = (d1: D1Database, userId: string, now: number) => {
  const anonymous = userId.replaceAll("-", "");
  return d1.batch([
    d1
      .prepare(
        `UPDATE users SET email = ?1, username = ?2, password_hash = NULL, password_salt = NULL,
           password_iterations = NULL, avatar_url = NULL, deleted_at = ?3, updated_at = ?3
         WHERE id = ?4`,
      )
      .bind(`deleted-${anonymous}@deleted.invalid`, `deleted_${anonymous}`, now, userId),
    revokeAllSessions(d1, userId, now),
    d1.prepare("DELETE FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions WHERE user_id = ?)").bind(userId),
    d1.prepare("DELETE FROM auth_tokens WHERE user_id = ?").bind(userId),
    d1.prepare("DELETE FROM contact_messages WHERE user_id = ?").bind(userId),
  ]);
};
