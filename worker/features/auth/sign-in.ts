import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { signAccessToken } from "../session/access-token";
import { setSessionCookies } from "../session/session-cookies";
import type { Role } from "../../lib/viewer";
import { writeAccount } from "./directory";
import { prepareSession } from "./session.service";

/**
 * What a sign-in writes beside the session: to the directory (statements prepared on the catalogue) and to the
 * player's own database.
 */
export type AccountWrites = {
  directory?: D1PreparedStatement[];
  player?: (d1: D1Database) => D1PreparedStatement[];
};

/**
 * Starts a session (after the directory's writes and in one batch with the player's) and hands the tokens to the
 * browser as cookies.
 */
export const openSession = async <E extends AppEnv>(
  c: Context<E>,
  user: { id: string; role: Role; referred: boolean },
  writes: AccountWrites = {},
  now = Date.now(),
) => {
  const session = await prepareSession(c.var.data.player(user.id), user.id, now);
  await writeAccount(
    c.var.data,
    user.id,
    () => ({ directory: writes.directory ?? [] }),
    (d1) => ({ account: writes.player?.(d1) ?? [], session: session.statements }),
  );
  const accessToken = await signAccessToken(c.var.settings.SESSION_SECRET, {
    userId: user.id,
    sessionId: session.sessionId,
    role: user.role,
    referred: user.referred,
  });
  setSessionCookies(c, { accessToken, refreshToken: session.refreshToken, sessionExpiresAt: session.expiresAt }, now);
};
