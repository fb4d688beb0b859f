import { eq, sql } from "drizzle-orm";
import { REFRESH_REUSE_GRACE_MS, SESSION_TTL_MS } from "../../config";
import { newId, sha256Hex } from "../../lib/ids";
import { playerToken, tokenDb, tokenDbForWrite } from "./player-token";
import { closeUserSockets } from "../../realtime/live-shards";
import type { AccessClaims } from "./access-token";
import { createDb } from "../../db/client";
import { compiledQuery, firstOf, type RowOf } from "../../db/compiled";
import { refreshTokens, sessions, users } from "../../db/schema";
import { batchNamed } from "../../db/statement";

export type NewSession = {
  sessionId: string;
  refreshToken: string;
  expiresAt: number;
  statements: D1PreparedStatement[];
};

/** A session and its first refresh token, as statements for the caller's batch. */
export const prepareSession = async (d1: D1Database, userId: string, now: number): Promise<NewSession> => {
  const sessionId = newId();
  const refreshToken = playerToken(userId);
  const expiresAt = now + SESSION_TTL_MS;
  return {
    sessionId,
    refreshToken,
    expiresAt,
    statements: [
      d1
        .prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
        .bind(sessionId, userId, now, expiresAt),
      d1
        .prepare("INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES (?, ?, ?)")
        .bind(await sha256Hex(refreshToken), sessionId, now),
    ],
  };
};

export const revokeSession = (d1: D1Database, sessionId: string, now: number) =>
  d1.prepare("UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").bind(now, sessionId);

export const revokeAllSessions = (d1: D1Database, userId: string, now: number) =>
  d1.prepare("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL").bind(now, userId);

const refreshTokenState = compiledQuery((db) =>
  db
    .select({
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      role: users.role,
      referredBy: users.referredBy,
      deletedAt: users.deletedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, sql.placeholder("hash"))),
);

type RefreshRow = RowOf<typeof refreshTokenState>;

/** `refreshToken` is null for a twin inside the grace window: it gets an access token and keeps the new cookie. */
export type RotatedSession = AccessClaims & { refreshToken: string | null; expiresAt: number };

const isLive = (row: RefreshRow, now: number) => row.revokedAt === null && row.expiresAt > now && row.deletedAt === null;

/**
 * Trades a refresh token for a new one in the same session. A token used more than a few seconds ago means a copy
 * is in someone else's hands: the whole session (every token of the chain) is revoked, and its live sockets closed.
 * A twin request from the same browser a moment after the first (see REFRESH_REUSE_GRACE_MS) is answered with an
 * access token only. Every refresh reads the token's state, so that read is compiled once (db/compiled.ts).
 */
export const rotateRefreshToken = async (env: Env, token: string, now: number): Promise<RotatedSession | null> => {
  const d1 = tokenDbForWrite(env, token);
  if (!d1) return null;
  const hash = await sha256Hex(token);
  const row = await firstOf(refreshTokenState(d1, { hash }));
  if (!row) return null;
  const accessOnly = {
    userId: row.userId,
    role: row.role,
    sessionId: row.sessionId,
    referred: row.referredBy !== null,
    refreshToken: null,
    expiresAt: row.expiresAt,
  };
  if (row.usedAt !== null) {
    if (now - row.usedAt <= REFRESH_REUSE_GRACE_MS && isLive(row, now)) return accessOnly;
    await revokeSession(d1, row.sessionId, now).run();
    await closeUserSockets(env, row.userId, row.sessionId);
    return null;
  }
  if (!isLive(row, now)) return null;

  const refreshToken = playerToken(row.userId);
  const { used } = await batchNamed(d1, {
    used: d1.prepare("UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL").bind(now, hash),
    next: d1
      .prepare("INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES (?, ?, ?)")
      .bind(await sha256Hex(refreshToken), row.sessionId, now),
  });
  // Lost a race with a twin presenting the same token at the same moment: the twin's new cookie stands.
  if (used.meta.changes !== 1) return accessOnly;
  return { ...accessOnly, refreshToken };
};

/** The user a refresh token belongs to, for signing out with an expired access token. */
export const userOfRefreshToken = async (env: Env, token: string): Promise<string | null> => {
  const d1 = tokenDb(env, token);
  if (!d1) return null;
  const [row] = await createDb(d1)
    .select({ userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, await sha256Hex(token)));
  return row?.userId ?? null;
};
