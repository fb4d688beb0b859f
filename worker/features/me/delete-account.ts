import { and, eq, inArray, isNull } from "drizzle-orm";
import { batchIfAny, batchTogether } from "../../db/batches";
import { isBatchRefusal } from "../../db/batch-guard";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import {
  emailDeliveries,
  authTokens,
  contactMessages,
  notificationSettings,
  pushSubscriptions,
  refreshTokens,
  sessions,
  userBookmarks,
  users,
} from "../../db/schema";
import type { Settings } from "../../env";
import { AppError } from "../../lib/errors";
import { emailFingerprint } from "../auth/email-fingerprint";
import { passwordMatches } from "../auth/login.service";
import { revokeAllSessions } from "../auth/session.service";
import { claimAddress } from "../auth/welcome-bonus";
import {
  cancelForAccountDeletion,
  pendingRedemptionsRefusal,
  readPendingRedemptions,
} from "../redemptions/account-closing";

export const WRONG_PASSWORD_MESSAGE = "Your password is incorrect";
const CHANGED_MESSAGE = "Your redemptions changed while the account was being deleted. Please try again.";

type Deletion = { userId: string; password: string; cancelRedemptions: readonly string[]; now: number };

/** What stays of the account: a unique, non-routable placeholder (.invalid) and no way to sign in. */
const erased = (userId: string, now: number) => {
  const anonymous = userId.replaceAll("-", "");
  return {
    email: `deleted-${anonymous}@deleted.invalid`,
    username: `deleted_${anonymous}`,
    passwordHash: null,
    passwordSalt: null,
    passwordIterations: null,
    avatarUrl: null,
    // ISO 3166's code for an unknown country: the column holds two letters, and the player's own is theirs to take.
    country: "ZZ",
    countryManuallySet: false,
    deletedAt: now,
    updatedAt: now,
  };
};

const eraseAccountRow = (d1: D1Database, userId: string, now: number) =>
  writeStatement(d1, createDb(d1).update(users).set(erased(userId, now)).where(eq(users.id, userId)));

const readAccount = async (catalogue: D1Database, userId: string) => {
  const [account] = await createDb(catalogue)
    .select({
      email: users.email,
      passwordHash: users.passwordHash,
      passwordSalt: users.passwordSalt,
      passwordIterations: users.passwordIterations,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return account ?? null;
};

/** The player's own rows: sessions, links, bookmarks, devices, and the pending redemptions the player agreed to cancel. */
const playerStatements = (
  d1: D1Database,
  { userId, now }: Deletion,
  agreed: Parameters<typeof cancelForAccountDeletion>[2],
  copyErasure: boolean,
) => {
  const db = createDb(d1);
  return {
    redemptions: cancelForAccountDeletion(d1, userId, agreed, now),
    // The player's copy of the account row says it is deleted before the directory does: a redemption's batch reads it.
    accountCopy: copyErasure ? [eraseAccountRow(d1, userId, now)] : [],
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
    bookmarks: writeStatement(d1, db.delete(userBookmarks).where(eq(userBookmarks.userId, userId))),
    // A device address is personal data, and a deleted player must hear nothing more; the outbox rows go with it.
    devices: writeStatement(d1, db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))),
    notificationSettings: writeStatement(
      d1,
      db.delete(notificationSettings).where(eq(notificationSettings.userId, userId)),
    ),
    // Emails still waiting would go to the erased address.
    emails: writeStatement(d1, db.delete(emailDeliveries).where(eq(emailDeliveries.userId, userId))),
  };
};

/**
 * Erases what identifies a person and keeps the rest: the ledger, picks and stats stay under an anonymous user so
 * balances and leaderboards remain consistent. The password is asked again, so an unattended signed-in browser cannot
 * delete the account. Pending redemptions are cancelled (and refunded) only with the player's say-so, named by id;
 * a redemption the player did not see is refused in the batch itself (account-closing.ts). The player's database
 * goes first where it is apart: a refusal there leaves the directory untouched, and every step is safe to repeat.
 * The address's bonus claim stays (an account from before the claims writes it now), so signing up again with it
 * earns no bonus.
 */
export const deleteAccount = async (data: DataContext, settings: Settings, deletion: Deletion) => {
  const { userId, password, cancelRedemptions, now } = deletion;
  const { catalogue } = data;
  const account = await readAccount(catalogue, userId);
  if (!(await passwordMatches(account, password)))
    throw new AppError("validation_failed", WRONG_PASSWORD_MESSAGE, { field: "password" });
  const pending = await readPendingRedemptions(data, userId);
  const agreed = pending.filter(({ id }) => cancelRedemptions.includes(id));
  if (agreed.length < pending.length) throw pendingRedemptionsRefusal(pending);

  const directory = createDb(catalogue);
  const claim = account ? [claimAddress(catalogue, await emailFingerprint(settings, account.email), userId, now)] : [];
  const directoryStatements = {
    claim,
    erased: eraseAccountRow(catalogue, userId, now),
    messages: writeStatement(catalogue, directory.delete(contactMessages).where(eq(contactMessages.userId, userId))),
  };
  const d1 = data.writablePlayer(userId);
  try {
    if (d1 === catalogue) {
      await batchTogether(catalogue, directoryStatements, playerStatements(d1, deletion, agreed, false));
    } else {
      await batchIfAny(d1, playerStatements(d1, deletion, agreed, true));
      await batchIfAny(catalogue, directoryStatements);
    }
  } catch (error) {
    // A redemption made since the read: name it, as the check above would have.
    if (!isBatchRefusal(error)) throw error;
    const latest = await readPendingRedemptions(data, userId);
    throw latest.length > 0 ? pendingRedemptionsRefusal(latest) : new AppError("conflict", CHANGED_MESSAGE);
  }
};
