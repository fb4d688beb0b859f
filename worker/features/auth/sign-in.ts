import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { signAccessToken } from "./access-token";
import { setSessionCookies } from "./auth-cookies";
import type { Role } from "./auth.types";
import { prepareSession } from "./session.service";

/** Starts a session (in one batch with the caller's statements) and hands the tokens to the browser as cookies. */
export const openSession = async <E extends AppEnv>(
  c: Context<E>,
  user: { id: string; role: Role },
  extra: D1PreparedStatement[] = [],
  now = Date.now(),
) => {
  const session = await prepareSession(c.env.DB, user.id, now);
  await c.env.DB.batch([...extra, ...session.statements]);
  const accessToken = await signAccessToken(c.var.settings.SESSION_SECRET, {
    userId: user.id,
    sessionId: session.sessionId,
    role: user.role,
  });
  setSessionCookies(c, { accessToken, refreshToken: session.refreshToken, sessionExpiresAt: session.expiresAt }, now);
};
