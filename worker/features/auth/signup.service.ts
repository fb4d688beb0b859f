import type { z } from "@hono/zod-openapi";
import { REFERRED_SIGNUP_BONUS, SIGNUP_BONUS } from "../../config";
import { uniqueViolation } from "../../db/unique-violation";
import type { Settings } from "../../env";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { Email } from "../../lib/mailer";
import type { StoredPassword } from "../../../shared/password-format";
import { grant } from "../credits/ledger.service";
import { findAccount, confirmationEmailFor, roleFor } from "./accounts";
import { alreadyRegisteredEmail, confirmationEmail } from "./auth-emails";
import type { signupSchema } from "./auth.schemas";
import { issueEmailToken } from "./email-tokens";
import { hashPassword } from "./password";
import { findReferrer, newReferralCode } from "./referral-code";
import { freeRandomUsername, isUsernameTaken, USERNAME_TAKEN_MESSAGE } from "./username";

export type SignupInput = z.infer<typeof signupSchema>;
/** signupIp: the network the sign-up came from (ipNetwork), which links accounts in the admin's redemption queue. */
type Deps = { d1: D1Database; settings: Settings; now: number; signupIp: string | null };

const MAX_ATTEMPTS = 3;

/**
 * Creates the account, its credits row and its sign-up bonus in one batch, and returns the email to send.
 * A registered address gets an email too but the same answer, so sign-up never tells whether it exists.
 */
export const signUp = async (deps: Deps, input: SignupInput): Promise<Email> => {
  // Hashing on every branch keeps an existing address from answering faster than a new one.
  const password = await hashPassword(input.password);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await findAccount(deps.d1, input.email);
    if (existing) {
      return (
        (await confirmationEmailFor(deps.d1, deps.settings, existing, deps.now)) ??
        alreadyRegisteredEmail(deps.settings.APP_URL, existing.email)
      );
    }
    try {
      return await createAccount(deps, input, password);
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

const createAccount = async ({ d1, settings, now, signupIp }: Deps, input: SignupInput, password: StoredPassword) => {
  if (input.username && (await isUsernameTaken(d1, input.username))) {
    throw new AppError("conflict", USERNAME_TAKEN_MESSAGE);
  }
  const userId = newId();
  const username = input.username || (await freeRandomUsername(d1));
  const referrerId = input.ref ? await findReferrer(d1, input.ref) : null;
  const bonus = grant(d1, {
    userId,
    amount: referrerId ? REFERRED_SIGNUP_BONUS : SIGNUP_BONUS,
    source: "bonus",
    transactionType: "bonus",
    idempotencyKey: `signup:${userId}`,
    description: referrerId ? "Sign-up bonus (invited by a friend)" : "Sign-up bonus",
    now,
  });
  const confirmation = await issueEmailToken(d1, userId, "confirm_email", now);
  await d1.batch([
    d1
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
      ),
    ...bonus.statements,
    confirmation.statement,
  ]);
  return confirmationEmail(settings.APP_URL, input.email, confirmation.token);
};
