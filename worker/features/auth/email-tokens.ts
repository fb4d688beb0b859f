import { and, eq, gt, isNull } from "drizzle-orm";
import { EMAIL_CONFIRMATION_TTL_MS, PASSWORD_RESET_TTL_MS } from "../../config";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { authTokens } from "../../db/schema";
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
  const statement = writeStatement(
    d1,
    createDb(d1)
      .insert(authTokens)
      .values({ tokenHash: await sha256Hex(token), userId, purpose, expiresAt: now + TTL_MS[purpose], createdAt: now }),
  );
  return { token, statement };
};

const usable = async (token: string, purpose: EmailTokenPurpose, now: number) =>
  and(
    eq(authTokens.tokenHash, await sha256Hex(token)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now),
  );

/** Marks the token used in the same statement that checks it, so two concurrent uses cannot both succeed. */
export const consumeEmailToken = async (
  data: DataContext,
  token: string,
  purpose: EmailTokenPurpose,
  now: number,
): Promise<string | null> => {
  const d1 = tokenDbForWrite(data, token);
  if (!d1) return null;
  const [row] = await createDb(d1)
    .update(authTokens)
    .set({ usedAt: now })
    .where(await usable(token, purpose, now))
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
};

/** Whose account a token still opens, without using it up: null when it is unknown, used or expired. */
export const emailTokenOwner = async (
  data: DataContext,
  token: string,
  purpose: EmailTokenPurpose,
  now: number,
): Promise<string | null> => {
  const d1 = tokenDbForWrite(data, token);
  if (!d1) return null;
  const [row] = await createDb(d1)
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(await usable(token, purpose, now));
  return row?.userId ?? null;
};

/** Every other outstanding token of the purpose stops working (a newer reset link, a completed reset). */
export const retireEmailTokens = (d1: D1Database, userId: string, purpose: EmailTokenPurpose, now: number) =>
  writeStatement(
    d1,
    createDb(d1)
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt))),
  );

/**
 * Every outstanding link of the user, of both kinds, stops working: proving the address or setting a password
 * leaves no older link that could sign in without that password.
 */
export const retireAllEmailTokens = (d1: D1Database, userId: string, now: number) =>
  writeStatement(
    d1,
    createDb(d1)
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt))),
  );
