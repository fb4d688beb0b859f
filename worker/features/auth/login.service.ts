import { eq } from "drizzle-orm";
import { RATE_LIMITS } from "../../config";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import { users } from "../../db/schema";
import type { Settings } from "../../env";
import { AppError } from "../../lib/errors";
import { enforceRateLimits, refundRateLimitHit } from "../../lib/rate-limit";
import { findAccount, roleFor, type Account } from "./accounts";
import type { Role } from "../../lib/viewer";
import { deviceNonce, signDeviceCookie } from "./device-cookie";
import { burnPasswordCheck, verifyPassword } from "./password";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
export const EMAIL_NOT_CONFIRMED_MESSAGE = "Please confirm your email address before signing in.";

type Credentials = { email: string; password: string };
/** Where the attempt comes from: the IP, and the device cookie the browser holds, if any. */
type Client = { ip: string; deviceCookie: string | undefined };

type StoredPasswordColumns = Pick<Account, "passwordHash" | "passwordSalt" | "passwordIterations">;

/** Checks a password against the stored one; without one it still does the hashing work, so timing tells nothing. */
export const passwordMatches = (account: StoredPasswordColumns | null, password: string): Promise<boolean> =>
  account?.passwordHash && account.passwordSalt && account.passwordIterations
    ? verifyPassword(password, {
        hash: account.passwordHash,
        salt: account.passwordSalt,
        iterations: account.passwordIterations,
      })
    : burnPasswordCheck(password);

/**
 * Checks a sign-in. Every attempt counts against the IP, and against the account, or instead against the browser
 * when its device cookie shows it signed in to this account before (docs/decisions/0013-login-lockout.md): guessing from
 * elsewhere then cannot lock the owner out, and a known browser that guesses wrong locks out only itself. A right
 * password takes its counts back, so the limits are on failures. An unknown email and a wrong password answer
 * alike, after the same hashing work. Returns the statements the caller adds to the session batch (count refunds,
 * admin promotion) and a fresh device cookie for the browser.
 */
export const checkCredentials = async (
  d1: D1Database,
  settings: Settings,
  input: Credentials,
  client: Client,
  now: number,
): Promise<{
  user: { id: string; role: Role; referred: boolean };
  statements: D1PreparedStatement[];
  deviceCookie: string;
}> => {
  const account = await findAccount(d1, input.email);
  const nonce = await deviceNonce(settings.SESSION_SECRET, client.deviceCookie, account);
  const ipKey = `login:ip:${client.ip}`;
  const ownKey = nonce ? `login:device:${nonce}` : `login:account:${input.email}`;
  await enforceRateLimits(
    d1,
    [
      { key: ipKey, rule: RATE_LIMITS.loginPerIp },
      { key: ownKey, rule: nonce ? RATE_LIMITS.loginPerDevice : RATE_LIMITS.loginPerAccount },
    ],
    now,
  );
  const matches = await passwordMatches(account, input.password);
  if (!account?.passwordSalt || !matches) throw new AppError("invalid_credentials", INVALID_CREDENTIALS_MESSAGE);

  const refunds = [refundRateLimitHit(d1, ipKey), refundRateLimitHit(d1, ownKey)];
  if (account.emailConfirmedAt === null) {
    await d1.batch(refunds);
    throw new AppError("email_not_confirmed", EMAIL_NOT_CONFIRMED_MESSAGE);
  }
  const role = account.role === "admin" ? "admin" : roleFor(settings, account.email);
  const promotion =
    role === account.role
      ? []
      : [writeStatement(d1, createDb(d1).update(users).set({ role, updatedAt: now }).where(eq(users.id, account.id)))];
  const deviceCookie = await signDeviceCookie(settings.SESSION_SECRET, {
    id: account.id,
    passwordSalt: account.passwordSalt,
  });
  return {
    user: { id: account.id, role, referred: account.referredBy !== null },
    statements: [...refunds, ...promotion],
    deviceCookie,
  };
};
