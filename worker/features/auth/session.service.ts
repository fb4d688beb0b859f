import { and, eq, isNull, sql } from "drizzle-orm";
import { REFRESH_REUSE_GRACE_MS, SESSION_TTL_MS } from "../../config";
import { newId, sha256Hex } from "../../lib/ids";
import { playerToken, tokenDb, tokenDbForWrite } from "./player-token";
import type { AccessClaims } from "../session/access-token";
import { createDb } from "../../db/client";
import { compiledQuery, firstOf, writeStatement, type RowOf } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { refreshTokens, sessions, users } from "../../db/schema";
import { batchNamed } from "../../db/statement";

export type NewSession = {
  sessionId: string;
  refreshToken: string;
  expiresAt: number;
  statements: D1PreparedStatement[];
};

const newRefreshToken = async (d1: D1Database, token: string, sessionId: string, now: number) =>
  writeStatement(
    d1,
    createDb(d1)
      .insert(refreshTokens)
      .values({ tokenHash: await sha256Hex(token), sessionId, createdAt: now }),
  );

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
      writeStatement(d1, createDb(d1).insert(sessions).values({ id: sessionId, userId, createdAt: now, expiresAt })),
      await newRefreshToken(d1, refreshToken, sessionId, now),
    ],
  };
};

export const revokeSession = (d1: D1Database, sessionId: string, now: number) =>
  writeStatement(
    d1,
    createDb(d1)
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))),
  );

export const revokeAllSessions = (d1: D1Database, userId: string, now: number) =>
  writeStatement(
    d1,
    createDb(d1)
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
  );

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

/** What presenting a refresh token came to: the session to hand out, if any, and the session it ended as stolen, if any. */
export type Rotation = { session: RotatedSession | null; stolen?: { userId: string; sessionId: string } };

const isLive = (row: RefreshRow, now: number) =>
  row.revokedAt === null && row.expiresAt > now && row.deletedAt === null;

/**
 * Trades a refresh token for a new one in the same session. A token used more than a few seconds ago means a copy
 * is in someone else's hands: the whole session (every token of the chain) is revoked, and the caller closes its
 * live sockets. A twin request from the same browser a moment after the first (see REFRESH_REUSE_GRACE_MS) is answered
 * with an access token only. Every refresh reads the token's state, so that read is compiled once (db/compiled.ts).
 */
export const rotateRefreshToken = async (data: DataContext, token: string, now: number): Promise<Rotation> => {
  const d1 = tokenDbForWrite(data, token);
  if (!d1) return { session: null };
  const hash = await sha256Hex(token);
  const row = await firstOf(refreshTokenState(d1, { hash }));
  if (!row) return { session: null };
  const accessOnly = {
    userId: row.userId,
    role: row.role,
    sessionId: row.sessionId,
    referred: row.referredBy !== null,
    refreshToken: null,
    expiresAt: row.expiresAt,
  };
  if (row.usedAt !== null) {
    if (now - row.usedAt <= REFRESH_REUSE_GRACE_MS && isLive(row, now)) return { session: accessOnly };
    await revokeSession(d1, row.sessionId, now).run();
    return { session: null, stolen: { userId: row.userId, sessionId: row.sessionId } };
  }
  if (!isLive(row, now)) return { session: null };

  const refreshToken = playerToken(row.userId);
  const { used } = await batchNamed(d1, {
    used: writeStatement(
      d1,
      createDb(d1)
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt))),
    ),
    next: await newRefreshToken(d1, refreshToken, row.sessionId, now),
  });
  // Lost a race with a twin presenting the same token at the same moment: the twin's new cookie stands.
  if (used.meta.changes !== 1) return { session: accessOnly };
  return { session: { ...accessOnly, refreshToken } };
};

/** The user a refresh token belongs to, for signing out with an expired access token. */
export const userOfRefreshToken = async (data: DataContext, token: string): Promise<string | null> => {
  const d1 = tokenDb(data, token);
  if (!d1) return null;
  const [row] = await createDb(d1)
    .select({ userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, await sha256Hex(token)));
  return row?.userId ?? null;
};
