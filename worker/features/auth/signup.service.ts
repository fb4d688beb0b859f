import type { z } from "@hono/zod-openapi";
import { and, eq, isNull } from "drizzle-orm";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { users } from "../../db/schema";
import { uniqueViolation } from "../../db/unique-violation";
import type { Settings } from "../../env";
import { AppError } from "../../lib/errors";
import type { Email } from "../../lib/mailer";
import type { StoredPassword } from "#shared/password-format";
import { findAccount, roleFor } from "./accounts";
import { alreadyRegisteredEmail, confirmationEmail } from "./auth-emails";
import type { signupSchema } from "./auth.schemas";
import { issueEmailToken, retireAllEmailTokens } from "./email-tokens";
import { hashPassword } from "./password";
import { findReferrer, newReferralCode } from "./referral-code";
import { freeRandomUsername, isUsernameTaken, USERNAME_TAKEN_MESSAGE } from "./username";
import { writeAccount } from "./directory";
import { refuseDisposableEmail } from "./disposable-email";
import { newId } from "../../lib/ids";
import { queueEmail, unqueueEmail } from "../emails/email-deliveries";

export type SignupInput = z.infer<typeof signupSchema>;
/** signupIp: the network the sign-up came from (ipNetwork), which links accounts in the admin's redemption queue. */
type Deps = { data: DataContext; settings: Settings; now: number; signupIp: string | null };

const MAX_ATTEMPTS = 3;

/**
 * Creates the account (or replaces an unconfirmed one's pending sign-up) with its confirmation email kept for sending
 * in the same batch, and answers the player the email is for. The sign-up bonus waits for the confirmation
 * (welcome-bonus.ts). A registered address gets an email too but the same answer, so sign-up never tells whether it
 * exists.
 */
export const signUp = async (deps: Deps, input: SignupInput): Promise<string> => {
  refuseDisposableEmail(input.email);
  // Hashing on every branch keeps an existing address from answering faster than a new one.
  const password = await hashPassword(input.password);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await findAccount(deps.data.catalogue, input.email);
    if (existing && existing.emailConfirmedAt !== null)
      return emailAlone(deps, existing.id, await alreadyRegisteredEmail(deps.settings.APP_URL, existing.email));
    try {
      return existing
        ? await replacePendingSignup(deps, existing.id, input)
        : await createAccount(deps, input, password);
    } catch (error) {
      const column = uniqueViolation(error);
      if (column === "users.username" && input.username) throw new AppError("conflict", USERNAME_TAKEN_MESSAGE);
      // users.email: a concurrent sign-up won and the next turn answers as for an existing account;
      // users.username or users.referral_code: random values collided, so the next turn draws new ones.
      if (!column?.startsWith("users.")) throw error;
    }
  }
  throw new Error(`Sign-up failed after ${MAX_ATTEMPTS} attempts`);
};

/** An email that tells of nothing written: kept for sending on its own. */
const emailAlone = async ({ data, now }: Deps, userId: string, email: Email) => {
  await queueEmail(data.player(userId), userId, email, now).run();
  return userId;
};

const createAccount = async ({ data, settings, now, signupIp }: Deps, input: SignupInput, password: StoredPassword) => {
  const { catalogue } = data;
  if (input.username && (await isUsernameTaken(catalogue, input.username))) {
    throw new AppError("conflict", USERNAME_TAKEN_MESSAGE);
  }
  const userId = data.newPlayerId();
  const username = input.username || (await freeRandomUsername(catalogue));
  const referrerId = input.ref ? await findReferrer(catalogue, input.ref) : null;
  const confirmation = await issueEmailToken(data.player(userId), userId, "confirm_email", now);
  const email = await confirmationEmail(settings.APP_URL, input.email, confirmation.token);
  const account = writeStatement(
    catalogue,
    createDb(catalogue)
      .insert(users)
      .values({
        id: userId,
        email: input.email,
        passwordHash: password.hash,
        passwordSalt: password.salt,
        passwordIterations: password.iterations,
        role: roleFor(settings, input.email),
        username,
        country: input.country,
        referralCode: newReferralCode(),
        referredBy: referrerId,
        signupIp,
        createdAt: now,
        updatedAt: now,
      }),
  );
  await writeAccount(
    data,
    userId,
    () => ({ account }),
    (db) => ({
      confirmation: confirmation.statement,
      email: queueEmail(db, userId, email, now),
    }),
  );
  return userId;
};

/**
 * Whoever holds the mailbox must end up the only one who can sign in, whatever order sign-ups for one address come in.
 * A second sign-up of an unconfirmed address replaces everything pending (username, country, referral), voids every
 * earlier link and clears the password: no link then activates a password someone else chose, and the one that works
 * asks whoever opens it to choose the password (docs/decisions/0030-accounts.md).
 */
const replacePendingSignup = async ({ data, settings, now, signupIp }: Deps, userId: string, input: SignupInput) => {
  const { catalogue } = data;
  if (input.username && (await isUsernameTaken(catalogue, input.username, userId))) {
    throw new AppError("conflict", USERNAME_TAKEN_MESSAGE);
  }
  const username = input.username || (await freeRandomUsername(catalogue));
  const referrerId = input.ref ? await findReferrer(catalogue, input.ref) : null;
  const confirmation = await issueEmailToken(data.player(userId), userId, "confirm_email", now);
  const email = await confirmationEmail(settings.APP_URL, input.email, confirmation.token);
  const emailId = newId();
  const { directory } = await writeAccount(
    data,
    userId,
    () => ({
      replaced: writeStatement(
        catalogue,
        createDb(catalogue)
          .update(users)
          .set({
            passwordHash: null,
            passwordSalt: null,
            passwordIterations: null,
            username,
            country: input.country,
            referredBy: referrerId,
            signupIp,
            updatedAt: now,
          })
          .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt), isNull(users.deletedAt))),
      ),
    }),
    (db) => ({
      retired: retireAllEmailTokens(db, userId, now),
      confirmation: confirmation.statement,
      email: queueEmail(db, userId, email, now, emailId),
    }),
  );
  const { replaced } = directory;
  // Confirmed in the meantime: the new link must not sign in without the confirmed password, nor be sent.
  if (!replaced.meta.changes) {
    const db = data.player(userId);
    const registered = await alreadyRegisteredEmail(settings.APP_URL, input.email);
    await db.batch([
      retireAllEmailTokens(db, userId, now),
      unqueueEmail(db, emailId),
      queueEmail(db, userId, registered, now),
    ]);
  }
  return userId;
};
