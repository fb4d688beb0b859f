import type { z } from "@hono/zod-openapi";
import { uniqueViolation } from "../../db/unique-violation";
import type { Settings } from "../../env";
import { AppError } from "../../lib/errors";
import { newPlayerId } from "../../lib/write-pause";
import type { Email } from "../../lib/mailer";
import type { StoredPassword } from "#shared/password-format";
import { findAccount, roleFor } from "./accounts";
import { alreadyRegisteredEmail, confirmationEmail } from "./auth-emails";
import type { signupSchema } from "./auth.schemas";
import { issueEmailToken, retireAllEmailTokens } from "./email-tokens";
import { hashPassword } from "./password";
import { findReferrer, newReferralCode } from "./referral-code";
import { freeRandomUsername, isUsernameTaken, USERNAME_TAKEN_MESSAGE } from "./username";
import { playerDb } from "../../db/shards";
import { writeAccount } from "./directory";
import { refuseDisposableEmail } from "./disposable-email";

export type SignupInput = z.infer<typeof signupSchema>;
/** signupIp: the network the sign-up came from (ipNetwork), which links accounts in the admin's redemption queue. */
type Deps = { env: Env; settings: Settings; now: number; signupIp: string | null };

const MAX_ATTEMPTS = 3;

/**
 * Creates the account (or replaces an unconfirmed one's pending sign-up) and returns the email to send. The
 * sign-up bonus waits for the confirmation (welcome-bonus.ts). A registered address gets an email too but the
 * same answer, so sign-up never tells whether it exists.
 */
export const signUp = async (deps: Deps, input: SignupInput): Promise<Email> => {
  refuseDisposableEmail(input.email);
  // Hashing on every branch keeps an existing address from answering faster than a new one.
  const password = await hashPassword(input.password);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await findAccount(deps.env.DB, input.email);
    if (existing && existing.emailConfirmedAt !== null) return alreadyRegisteredEmail(deps.settings.APP_URL, existing.email);
    try {
      return existing ? await replacePendingSignup(deps, existing.id, input) : await createAccount(deps, input, password);
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

const createAccount = async ({ env, settings, now, signupIp }: Deps, input: SignupInput, password: StoredPassword) => {
  const d1 = env.DB;
  if (input.username && (await isUsernameTaken(d1, input.username))) {
    throw new AppError("conflict", USERNAME_TAKEN_MESSAGE);
  }
  const userId = newPlayerId(env);
  const username = input.username || (await freeRandomUsername(d1));
  const referrerId = input.ref ? await findReferrer(d1, input.ref) : null;
  const confirmation = await issueEmailToken(playerDb(env, userId), userId, "confirm_email", now);
  const account = d1
    .prepare(
      `INSERT INTO users (id, email, password_hash, password_salt, password_iterations, role, username, country,
                          referral_code, referred_by, signup_ip, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      userId,
      input.email,
      password.hash,
      password.salt,
      password.iterations,
      roleFor(settings, input.email),
      username,
      input.country,
      newReferralCode(),
      referrerId,
      signupIp,
      now,
      now,
    );
  await writeAccount(env, userId, () => ({ account }), () => ({ confirmation: confirmation.statement }));
  return confirmationEmail(settings.APP_URL, input.email, confirmation.token);
};

/**
 * Whoever holds the mailbox must end up the only one who can sign in, whatever order sign-ups for one address come in.
 * A second sign-up of an unconfirmed address replaces everything pending (username, country, referral), voids every
 * earlier link and clears the password: no link then activates a password someone else chose, and the one that works
 * asks whoever opens it to choose the password (docs/decisions/accounts.md).
 */
const replacePendingSignup = async ({ env, settings, now, signupIp }: Deps, userId: string, input: SignupInput) => {
  const d1 = env.DB;
  if (input.username && (await isUsernameTaken(d1, input.username, userId))) {
    throw new AppError("conflict", USERNAME_TAKEN_MESSAGE);
  }
  const username = input.username || (await freeRandomUsername(d1));
  const referrerId = input.ref ? await findReferrer(d1, input.ref) : null;
  const confirmation = await issueEmailToken(playerDb(env, userId), userId, "confirm_email", now);
  const { directory } = await writeAccount(
    env,
    userId,
    () => ({
      replaced: d1
        .prepare(
          `UPDATE users SET password_hash = NULL, password_salt = NULL, password_iterations = NULL, username = ?, country = ?,
             referred_by = ?, signup_ip = ?, updated_at = ?
           WHERE id = ? AND email_confirmed_at IS NULL AND deleted_at IS NULL`,
        )
        .bind(username, input.country, referrerId, signupIp, now, userId),
    }),
    (shard) => ({ retired: retireAllEmailTokens(shard, userId, now), confirmation: confirmation.statement }),
  );
  const { replaced } = directory;
  // Confirmed in the meantime: the new link must not sign in without the confirmed password.
  if (!replaced.meta.changes) {
    await retireAllEmailTokens(playerDb(env, userId), userId, now).run();
    return alreadyRegisteredEmail(settings.APP_URL, input.email);
  }
  return confirmationEmail(settings.APP_URL, input.email, confirmation.token);
};
