import { REFRESH_REUSE_GRACE_MS, SESSION_TTL_MS } from "../../config";
import { newId, randomToken, sha256Hex } from "../../lib/ids";
import { closeUserSockets } from "../../realtime/live-shards";
import type { Role } from "./auth.types";
import { batchNamed } from "../../db/statement";
import type { SqlColumns } from "../../db/rows";
import type { refreshTokens, sessions, users } from "../../db/schema";

export type NewSession = {
  sessionId: string;
  refreshToken: string;
  expiresAt: number;
  statements: D1PreparedStatement[];
};

/** A session and its first refresh token, as statements for the caller's batch. */
export const prepareSession = async (d1: D1Database, userId: string, now: number): Promise<NewSession> => {
  const sessionId = newId();
  const refreshToken = randomToken();
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

type RefreshRow = SqlColumns<typeof refreshTokens, "session_id" | "used_at"> &
  SqlColumns<typeof sessions, "revoked_at" | "expires_at" | "user_id"> &
  SqlColumns<typeof users, "role" | "deleted_at">;

/** `refreshToken` is null for a twin inside the grace window: it gets an access token and keeps the new cookie. */
export type RotatedSession = { userId: string; role: Role; sessionId: string; refreshToken: string | null; expiresAt: number };

const isLive = (row: RefreshRow, now: number) => row.revoked_at === null && row.expires_at > now && row.deleted_at === null;

/**
 * Trades a refresh token for a new one in the same session. A token used more than a few seconds ago means a copy
 * is in someone else's hands: the whole session (every token of the chain) is revoked, and its live sockets closed.
 * A twin request from the same browser a moment after the first (see REFRESH_REUSE_GRACE_MS) is answered with an
 * access token only.
 */
export const rotateRefreshToken = async (env: Env, token: string, now: number): Promise<RotatedSession | null> => {
  const d1 = env.DB;
  const hash = await sha256Hex(token);
  const row = await d1
    .prepare(
      `SELECT r.session_id, r.used_at, s.revoked_at, s.expires_at, u.id AS user_id, u.role, u.deleted_at
       FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id JOIN users u ON u.id = s.user_id
       WHERE r.token_hash = ?`,
    )
    .bind(hash)
    .first<RefreshRow>();
  if (!row) return null;
  const accessOnly = { userId: row.user_id, role: row.role, sessionId: row.session_id, refreshToken: null, expiresAt: row.expires_at };
  if (row.used_at !== null) {
    if (now - row.used_at <= REFRESH_REUSE_GRACE_MS && isLive(row, now)) return accessOnly;
    await revokeSession(d1, row.session_id, now).run();
    await closeUserSockets(env, row.user_id, row.session_id);
    return null;
  }
  if (!isLive(row, now)) return null;

  const refreshToken = randomToken();
  const { used } = await batchNamed(d1, {
    used: d1.prepare("UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL").bind(now, hash),
    next: d1
      .prepare("INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES (?, ?, ?)")
      .bind(await sha256Hex(refreshToken), row.session_id, now),
  });
  // Lost a race with a twin presenting the same token at the same moment: the twin's new cookie stands.
  if (used.meta.changes !== 1) return accessOnly;
  return { userId: row.user_id, role: row.role, sessionId: row.session_id, refreshToken, expiresAt: row.expires_at };
};

/** The user a refresh token belongs to, for signing out with an expired access token. */
export const userOfRefreshToken = async (d1: D1Database, token: string): Promise<string | null> => {
  const row = await d1
    .prepare("SELECT s.user_id FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id WHERE r.token_hash = ?")
    .bind(await sha256Hex(token))
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
};
