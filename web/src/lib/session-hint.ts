/**
 * The worker sets the readable `signed_in` cookie beside the session cookies and clears it with them. Without it
 * the browser holds no session, so asking for one (GET /api/me, a refresh) could only fail.
 */
export const mayHaveSession = (cookies: string = typeof document === "undefined" ? "" : document.cookie): boolean =>
  cookies.split(";").some((cookie) => cookie.trim() === "signed_in=1");

/**
 * A hint that outlived its session cookies (the worker clears it only when a refresh cookie comes with the request)
 * would cost every later page load a failing /api/me and refresh: once both have failed, the hint goes.
 */
export const forgetSessionHint = () => {
  if (typeof document !== "undefined") document.cookie = "signed_in=; Max-Age=0; Path=/; Secure; SameSite=Lax";
};
