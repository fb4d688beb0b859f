/**
 * The worker sets the readable `signed_in` cookie beside the session cookies and clears it with them. Without it
 * the browser holds no session, so asking for one (GET /api/me, a refresh) could only fail.
 */
export const mayHaveSession = (cookies: string = typeof document === "undefined" ? "" : document.cookie): boolean =>
  cookies.split(";").some((cookie) => cookie.trim() === "signed_in=1");
