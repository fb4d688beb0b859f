import { eq, inArray } from "drizzle-orm";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import {
  authTokens,
  contactMessages,
  notificationSettings,
  pushSubscriptions,
  refreshTokens,
  sessions,
  users,
} from "../../db/schema";
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
export const deleteAccount = async (data: DataContext, settings: Settings, userId: string, now: number) => {
  const anonymous = userId.replaceAll("-", "");
  const { catalogue } = data;
  const directory = createDb(catalogue);
  const [account] = await directory.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const claim = account ? [claimAddress(catalogue, await emailFingerprint(settings, account.email), userId, now)] : [];
  await writeAccount(
    data,
    userId,
    () => ({
      claim,
      erased: writeStatement(
        catalogue,
        directory
          .update(users)
          .set({
            email: `deleted-${anonymous}@deleted.invalid`,
            username: `deleted_${anonymous}`,
            passwordHash: null,
            passwordSalt: null,
            passwordIterations: null,
            avatarUrl: null,
            deletedAt: now,
            updatedAt: now,
          })
          .where(eq(users.id, userId)),
      ),
      messages: writeStatement(catalogue, directory.delete(contactMessages).where(eq(contactMessages.userId, userId))),
    }),
    (d1) => {
      const db = createDb(d1);
      return {
        sessions: revokeAllSessions(d1, userId, now),
        refreshTokens: writeStatement(
          d1,
          db
            .delete(refreshTokens)
            .where(
              inArray(
                refreshTokens.sessionId,
                db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)),
              ),
            ),
        ),
        links: writeStatement(d1, db.delete(authTokens).where(eq(authTokens.userId, userId))),
        // A device address is personal data, and a deleted player must hear nothing more; the outbox rows go with it.
        devices: writeStatement(d1, db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))),
        notificationSettings: writeStatement(
          d1,
          db.delete(notificationSettings).where(eq(notificationSettings.userId, userId)),
        ),
      };
    },
  );
};
