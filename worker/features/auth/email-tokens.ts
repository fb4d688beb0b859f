import { EMAIL_CONFIRMATION_TTL_MS, PASSWORD_RESET_TTL_MS } from "../../config";
import { sha256Hex } from "../../lib/ids";
import { playerToken, tokenDbForWrite } from "./player-token";

export type EmailTokenPurpose = "confirm_email" | "password_reset";

const TTL_MS: Record<EmailTokenPurpose, number> = {
  confirm_email: EMAIL_CONFIRMATION_TTL_MS,
  password_reset: PASSWORD_RESET_TTL_MS,
};

/** A 256-bit single-use token; only its hash is stored, so a database leak gives no working links. */
export const issueEmailToken = async (d1: D1Database, userId: string, purpose: EmailTokenPurpose, now: number) => {
  const token = playerToken(userId);
  const statement = d1
    .prepare("INSERT INTO auth_tokens (token_hash, user_id, purpose, expires_at, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(await sha256Hex(token), userId, purpose, now + TTL_MS[purpose], now);
  return { token, statement };
};

/** Marks the token used in the same statement that checks it, so two concurrent uses cannot both succeed. */
export const consumeEmailToken = async (
  env: Env,
  token: string,
  purpose: EmailTokenPurpose,
  now: number,
): Promise<string | null> => {
  const d1 = tokenDbForWrite(env, token);
  if (!d1) return null;
  const row = await d1
    .prepare(
      `UPDATE auth_tokens SET used_at = ?1
       WHERE token_hash = ?2 AND purpose = ?3 AND used_at IS NULL AND expires_at > ?1
       RETURNING user_id`,
    )
    .bind(now, await sha256Hex(token), purpose)
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
};

/** Whose account a token still opens, without using it up: null when it is unknown, used or expired. */
export const emailTokenOwner = async (env: Env, token: string, purpose: EmailTokenPurpose, now: number): Promise<string | null> => {
  const d1 = tokenDbForWrite(env, token);
  if (!d1) return null;
  const row = await d1
    .prepare("SELECT user_id FROM auth_tokens WHERE token_hash = ?1 AND purpose = ?2 AND used_at IS NULL AND expires_at > ?3")
    .bind(await sha256Hex(token), purpose, now)
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
};

/** Every other outstanding token of the purpose stops working (a newer reset link, a completed reset). */
export const retireEmailTokens = (d1: D1Database, userId: string, purpose: EmailTokenPurpose, now: number) =>
  d1
    .prepare("UPDATE auth_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL")
    .bind(now, userId, purpose);

/**
 * Every outstanding link of the user, of both kinds, stops working: proving the address or setting a password
 * leaves no older link that could sign in without that password.
 */
export const retireAllEmailTokens = (d1: D1Database, userId: string, now: number) =>
  d1.prepare("UPDATE auth_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL").bind(now, userId);
