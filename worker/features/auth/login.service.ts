import { RATE_LIMITS } from "../../config";
import type { Settings } from "../../env";
import { AppError } from "../../lib/errors";
import { enforceRateLimits, refundRateLimitHit } from "../../lib/rate-limit";
import { findAccount, roleFor, type Account } from "./accounts";
import type { Role } from "./auth.types";
import { burnPasswordCheck, verifyPassword } from "./password";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
export const EMAIL_NOT_CONFIRMED_MESSAGE = "Please confirm your email address before signing in.";

type Credentials = { email: string; password: string };

const passwordMatches = (account: Account | null, password: string): Promise<boolean> =>
  account?.password_hash && account.password_salt && account.password_iterations
    ? verifyPassword(password, {
        hash: account.password_hash,
        salt: account.password_salt,
        iterations: account.password_iterations,
      })
    : burnPasswordCheck(password);

/**
 * Checks a sign-in. Every attempt counts against the account and the IP; a right password takes its count back,
 * so the limits are on failures. An unknown email and a wrong password answer alike, after the same hashing work.
 * Returns the statements the caller adds to the session batch (count refunds, admin promotion).
 */
export const checkCredentials = async (
  d1: D1Database,
  settings: Settings,
  input: Credentials,
  ip: string,
  now: number,
): Promise<{ user: { id: string; role: Role }; statements: D1PreparedStatement[] }> => {
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:account:${input.email}`;
  await enforceRateLimits(
    d1,
    [
      { key: ipKey, rule: RATE_LIMITS.loginPerIp },
      { key: accountKey, rule: RATE_LIMITS.loginPerAccount },
    ],
    now,
  );
  const account = await findAccount(d1, input.email);
  const matches = await passwordMatches(account, input.password);
  if (!account || !matches) throw new AppError("invalid_credentials", INVALID_CREDENTIALS_MESSAGE);

  const refunds = [refundRateLimitHit(d1, ipKey), refundRateLimitHit(d1, accountKey)];
  if (account.email_confirmed_at === null) {
    await d1.batch(refunds);
    throw new AppError("email_not_confirmed", EMAIL_NOT_CONFIRMED_MESSAGE);
  }
  const role = account.role === "admin" ? "admin" : roleFor(settings, account.email);
  const promotion =
    role === account.role
      ? []
      : [d1.prepare("UPDATE users SET role = ?, updated_at = ? WHERE id = ?").bind(role, now, account.id)];
  return { user: { id: account.id, role }, statements: [...refunds, ...promotion] };
};
