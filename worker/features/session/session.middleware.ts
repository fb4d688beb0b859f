import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../env";
import { AppError } from "../../lib/errors";
import { verifyAccessToken, type AccessClaims } from "./access-token";
import { healSessionHint, readAccessToken } from "./session-cookies";
import type { AuthUser } from "../../lib/viewer";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { compiledQuery, runQuery, type BoundQuery, type RowOf } from "../../db/compiled";
import { sessions, users } from "../../db/schema";
import type { DataContext } from "../../db/data-context";
import { batchNamed, type BatchEntry, type NamedResults } from "../../db/statement";
import { assertInBatch } from "../../db/batch-guard";

const claimsOf = async (c: Context<AppEnv>) => {
  const token = readAccessToken(c);
  return token ? verifyAccessToken(c.get("settings").SESSION_SECRET, token) : null;
};

/** Runs on every signed-in request, so it is compiled once (db/compiled.ts). */
export const liveSession = compiledQuery((db) =>
  db
    .select({ id: users.id, email: users.email, role: users.role, referrerId: users.referredBy })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.userId, sql.placeholder("userId")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
        isNull(users.deletedAt),
      ),
    ),
);

type LiveSession = RowOf<typeof liveSession>;

const sessionCheck = (data: DataContext, claims: AccessClaims) =>
  liveSession(data.player(claims.userId), { sessionId: claims.sessionId, userId: claims.userId, now: Date.now() });

const userOf = (row: LiveSession | undefined, claims: AccessClaims): AuthUser | null =>
  row ? { ...row, sessionId: claims.sessionId } : null;

/**
 * Declared in a route's middleware: the route checks the session in the same D1 batch as its own query or write
 * (readForViewer, writeAsPlayer), so a signed-in request is one round trip, not two. It does nothing when it runs;
 * authenticate(), which runs earlier, finds it among the request's matched handlers.
 */
export const checksSessionInBatch: MiddlewareHandler<AppEnv> = async (_c, next) => {
  await next();
};

const routeChecksSessionInBatch = (c: Context<AppEnv>) =>
  c.req.matchedRoutes.some((route) => route.handler === checksSessionInBatch);

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A valid signature is not enough: the session must still be live and the user not deleted (sign-out is immediate).
 * Runs after requestData(), whose context finds the player's database.
 */
export const authenticate = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const claims = await claimsOf(c);
  if (claims && !READ_METHODS.has(c.req.method)) c.var.data.assertPlayerWritable(claims.userId);
  c.set("user", null);
  c.set("pendingSession", null);
  if (claims && routeChecksSessionInBatch(c)) c.set("pendingSession", { claims });
  else if (claims) c.set("user", userOf((await runQuery(sessionCheck(c.var.data, claims)))[0], claims));
  await next();
  healSessionHint(c);
};

/** Who the request says it is: the signed-in user, or the one a token names whose session is checked with the read. */
export const claimedViewerId = (c: Context<AppEnv>) =>
  c.get("user")?.id ?? c.get("pendingSession")?.claims.userId ?? null;

/**
 * Runs a read of the catalogue for the viewer with the session check in the same batch (beside it when players live in
 * databases of their own), then sets `user` as authenticate() would have. A session that turns out to be over (signed
 * out within the token's 15 minutes) reads again as a visitor. `queryFor` returns null when there is nothing to read
 * for that viewer.
 */
export const readForViewer = async <Row>(
  c: Context<AppEnv>,
  queryFor: (viewerId: string | null) => BoundQuery<Row[]> | null,
): Promise<Row[]> => {
  const readAs = async (viewerId: string | null) => {
    const query = queryFor(viewerId);
    return query ? runQuery(query) : [];
  };
  const pending = c.get("pendingSession");
  if (!pending) return readAs(c.get("user")?.id ?? null);
  c.set("pendingSession", null);
  const read = queryFor(pending.claims.userId);
  const { data } = c.var;
  const check = sessionCheck(data, pending.claims);
  const { session, rows } = !read
    ? { session: await runQuery(check), rows: [] }
    : data.playersInCatalogue
      ? await batchNamed(data.catalogue, { session: check, rows: read })
      : await Promise.all([runQuery(check), runQuery(read)]).then(([session, rows]) => ({ session, rows }));
  const user = userOf(session[0], pending.claims);
  c.set("user", user);
  return user ? rows : readAs(null);
};

/**
 * The viewer's own reads in their database, with a pending session check in the same batch, for a route whose main
 * read is in another database (the catalogue). Sets `user` as authenticate() would have; null when the session is over.
 */
export const readInViewerDatabase = async <G extends Record<string, BatchEntry>, E extends AppEnv = AppEnv>(
  c: Context<E>,
  viewerId: string,
  statements: (d1: D1Database) => G,
): Promise<NamedResults<G> | null> => {
  const d1 = c.var.data.player(viewerId);
  const pending = c.get("pendingSession");
  if (!pending) return c.get("user") ? batchNamed(d1, statements(d1)) : null;
  c.set("pendingSession", null);
  const { session, ...reads } = (await batchNamed(d1, {
    session: sessionCheck(c.var.data, pending.claims),
    ...statements(d1),
  })) as NamedResults<G> & {
    session: LiveSession[];
  };
  const user = userOf(session[0], pending.claims);
  c.set("user", user);
  return user ? (reads as unknown as NamedResults<G>) : null;
};

const SIGN_IN_MESSAGE = "Please log in to continue";

/** Checks a session still pending on its own (one round trip) and sets `user`; 401 when there is no live session. */
export const confirmSession = async (c: Context<AppEnv>): Promise<AuthUser> => {
  const pending = c.get("pendingSession");
  if (pending) {
    c.set("pendingSession", null);
    c.set("user", userOf((await runQuery(sessionCheck(c.var.data, pending.claims)))[0], pending.claims));
  }
  const user = c.get("user");
  if (!user) throw new AppError("unauthorized", SIGN_IN_MESSAGE);
  return user;
};

/** Who a write acts for. `sessionGuard`, when set, is a statement its batch must carry: it aborts unless the session is live. */
export type ActingPlayer = { userId: string; referred: boolean | undefined; sessionGuard: D1PreparedStatement | null };

/** A statement that aborts its batch unless this session is live (liveSession's conditions). */
export const liveSessionGuard = (d1: D1Database, session: Pick<AccessClaims, "sessionId" | "userId">, now: number) => {
  const check = liveSession(d1, { ...session, now });
  return assertInBatch(d1, `EXISTS (${check.sql})`, ...check.params);
};

/**
 * Runs a write whose batch checks the session itself (the route declares checksSessionInBatch): one round trip where
 * checking first and then writing would take two. A failed write checks the session on its own before its error is
 * answered, so an ended session is a 401 whatever its refused batch looked like.
 */
export const writeAsPlayer = async <T>(c: Context<AppEnv>, write: (player: ActingPlayer) => Promise<T>): Promise<T> => {
  const pending = c.get("pendingSession");
  if (!pending) {
    const user = await confirmSession(c);
    return write({ userId: user.id, referred: user.referrerId !== null, sessionGuard: null });
  }
  const { claims } = pending;
  try {
    return await write({
      userId: claims.userId,
      referred: claims.referred,
      sessionGuard: liveSessionGuard(c.var.data.player(claims.userId), claims, Date.now()),
    });
  } catch (error) {
    await confirmSession(c);
    throw error;
  }
};

type SignedIn = { Variables: { user: AuthUser } };

/** For a route that checks the session in its batch: a token is required, its session is checked there. */
export const requireClaims: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!claimedViewerId(c)) throw new AppError("unauthorized", SIGN_IN_MESSAGE);
  await next();
};

export const requireUser: MiddlewareHandler<SignedIn> = async (c, next) => {
  if (!c.var.user) throw new AppError("unauthorized", SIGN_IN_MESSAGE);
  await next();
};

export const requireAdmin: MiddlewareHandler<SignedIn> = async (c, next) => {
  if (!c.var.user) throw new AppError("unauthorized", SIGN_IN_MESSAGE);
  if (c.var.user.role !== "admin") throw new AppError("forbidden", "Permission denied");
  await next();
};
