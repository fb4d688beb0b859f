import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { ACCESS_TOKEN_TTL_SECONDS, DEVICE_COOKIE_TTL_SECONDS, SESSION_TTL_MS } from "../../config";

export const ACCESS_COOKIE = "__Host-access";
export const REFRESH_COOKIE = "__Host-refresh";
/** Marks a browser that has signed in before (docs/decisions/0013-login-lockout.md); it outlives sign-out on purpose. */
export const DEVICE_COOKIE = "__Host-device";

/**
 * Readable by the page and holding no secret: it only tells the web app that a session may exist, so a visitor's
 * browser makes no request that must fail (docs/decisions/0019-signed-in-hint.md).
 */
export const HINT_COOKIE = "signed_in";

/** __Host- requires Secure, Path=/ and no Domain; browsers treat http://localhost as secure, so local dev works too. */
const base = { secure: true, httpOnly: true, sameSite: "Lax", path: "/" } as const;
const hint = { secure: true, httpOnly: false, sameSite: "Lax", path: "/" } as const;

/** Without a refresh token only the access cookie is set, leaving the browser's refresh cookie as it is. */
export type IssuedSession = { accessToken: string; refreshToken: string | null; sessionExpiresAt: number };

export const setSessionCookies = (c: Context, session: IssuedSession, now = Date.now()) => {
  setCookie(c, ACCESS_COOKIE, session.accessToken, { ...base, maxAge: ACCESS_TOKEN_TTL_SECONDS });
  if (session.refreshToken === null) return;
  const maxAge = Math.max(0, Math.floor((session.sessionExpiresAt - now) / 1000));
  setCookie(c, REFRESH_COOKIE, session.refreshToken, { ...base, maxAge });
  setCookie(c, HINT_COOKIE, "1", { ...hint, maxAge });
};

export const clearSessionCookies = (c: Context) => {
  deleteCookie(c, ACCESS_COOKIE, base);
  deleteCookie(c, REFRESH_COOKIE, base);
  deleteCookie(c, HINT_COOKIE, hint);
};

/** A session from before the hint existed gets one on its next request, so its tab keeps finding the session. */
export const healSessionHint = (c: Context) => {
  if (getCookie(c, REFRESH_COOKIE) && !getCookie(c, HINT_COOKIE)) {
    setCookie(c, HINT_COOKIE, "1", { ...hint, maxAge: SESSION_TTL_MS / 1000 });
  }
};

/** The Bearer header wins over the cookie, so an API client's explicit token is the one used. */
export const readAccessToken = (c: Context): string | undefined => {
  const header = c.req.header("Authorization");
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? getCookie(c, ACCESS_COOKIE);
};

export const readRefreshToken = (c: Context): string | undefined => getCookie(c, REFRESH_COOKIE);

export const setDeviceCookie = (c: Context, token: string) =>
  setCookie(c, DEVICE_COOKIE, token, { ...base, maxAge: DEVICE_COOKIE_TTL_SECONDS });

export const readDeviceCookie = (c: Context): string | undefined => getCookie(c, DEVICE_COOKIE);
