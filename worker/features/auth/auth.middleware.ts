import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../env";
import { AppError } from "../../lib/errors";
import { verifyAccessToken, type AccessClaims } from "./access-token";
import { healSessionHint, readAccessToken } from "./auth-cookies";
import type { AuthUser } from "./auth.types";
import type { SqlColumns } from "../../db/rows";
import type { users } from "../../db/schema";
import { allRows, batchNamed, firstRow, typed, type TypedStatement } from "../../db/statement";

const LIVE_SESSION_SQL = `SELECT u.id, u.email, u.role FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = ? AND s.user_id = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.deleted_at IS NULL`;

type LiveSessionRow = SqlColumns<typeof users, "id" | "email" | "role">;

/** A signed token whose session has not been checked yet: see checksSessionWithRead. */
export type PendingSession = { claims: AccessClaims; check: TypedStatement<LiveSessionRow> };

const claimsOf = async (c: Context<AppEnv>) => {
  const token = readAccessToken(c);
  return token ? verifyAccessToken(c.get("settings").SESSION_SECRET, token) : null;
};

const sessionCheck = (c: Context<AppEnv>, claims: AccessClaims) =>
  typed<LiveSessionRow>(c.env.DB.prepare(LIVE_SESSION_SQL).bind(claims.sessionId, claims.userId, Date.now()));

const userOf = (row: LiveSessionRow | null | undefined, claims: AccessClaims): AuthUser | null =>
  row ? { ...row, sessionId: claims.sessionId } : null;

/**
 * Declared in a read route's middleware: the route checks the session in the same D1 batch as its own query
 * (readForViewer), so a signed-in read is one round trip, not two. It does nothing when it runs; authenticate(),
 * which runs earlier, finds it among the request's matched handlers.
 */
export const checksSessionWithRead: MiddlewareHandler<AppEnv> = async (_c, next) => {
  await next();
};

const routeChecksSessionWithRead = (c: Context<AppEnv>) => c.req.matchedRoutes.some((route) => route.handler === checksSessionWithRead);

/** A valid signature is not enough: the session must still be live and the user not deleted (sign-out is immediate). */
export const authenticate = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const claims = await claimsOf(c);
  c.set("user", null);
  c.set("pendingSession", null);
  if (claims && routeChecksSessionWithRead(c)) c.set("pendingSession", { claims, check: sessionCheck(c, claims) });
  else if (claims) c.set("user", userOf(await firstRow(sessionCheck(c, claims)), claims));
  await next();
  healSessionHint(c);
};

/** Who the request says it is: the signed-in user, or the one a token names whose session is checked with the read. */
export const claimedViewerId = (c: Context<AppEnv>) => c.get("user")?.id ?? c.get("pendingSession")?.claims.userId ?? null;

/**
 * Runs a read for the viewer with the session check in the same batch, then sets `user` as authenticate() would
 * have. A session that turns out to be over (signed out within the token's 15 minutes) reads again as a visitor.
 * `statementFor` returns null when there is nothing to read for that viewer.
 */
export const readForViewer = async <T>(c: Context<AppEnv>, statementFor: (viewerId: string | null) => TypedStatement<T> | null): Promise<T[]> => {
  const pending = c.get("pendingSession");
  const readAs = async (viewerId: string | null) => {
    const statement = statementFor(viewerId);
    return statement ? allRows(statement) : [];
  };
  if (!pending) return readAs(c.get("user")?.id ?? null);
  c.set("pendingSession", null);
  const read = statementFor(pending.claims.userId);
  const { session, rows } = await batchNamed(c.env.DB, { session: pending.check, rows: read ? [read] : [] });
  const user = userOf(session.results[0], pending.claims);
  c.set("user", user);
  return user ? (rows[0]?.results ?? []) : readAs(null);
};

type SignedIn = { Variables: { user: AuthUser } };

export const requireUser: MiddlewareHandler<SignedIn> = async (c, next) => {
  if (!c.var.user) throw new AppError("unauthorized", "Please log in to continue");
  await next();
};

export const requireAdmin: MiddlewareHandler<SignedIn> = async (c, next) => {
  if (!c.var.user) throw new AppError("unauthorized", "Please log in to continue");
  if (c.var.user.role !== "admin") throw new AppError("forbidden", "Permission denied");
  await next();
};
