import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../env";
import { AppError } from "../../lib/errors";
import { verifyAccessToken } from "./access-token";
import { readAccessToken } from "./auth-cookies";
import type { AuthUser, Role } from "./auth.types";

/** A valid signature is not enough: the session must still be live and the user not deleted (sign-out is immediate). */
const resolveUser = async (c: Context<AppEnv>): Promise<AuthUser | null> => {
  const token = readAccessToken(c);
  if (!token) return null;
  const claims = await verifyAccessToken(c.var.settings.SESSION_SECRET, token);
  if (!claims) return null;
  const row = await c.env.DB.prepare(
    `SELECT u.id, u.email, u.role FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = ? AND s.user_id = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.deleted_at IS NULL`,
  )
    .bind(claims.sessionId, claims.userId, Date.now())
    .first<{ id: string; email: string; role: Role }>();
  return row ? { ...row, sessionId: claims.sessionId } : null;
};

export const authenticate = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  c.set("user", await resolveUser(c));
  await next();
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
