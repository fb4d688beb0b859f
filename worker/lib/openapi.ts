import type { z } from "@hono/zod-openapi";

export { errorResponses } from "./openapi-errors";

/** A JSON answer with an example of it, which the document's linters check against the schema. */
export const jsonContent = <T extends z.ZodType>(schema: T, example: z.output<T>, description = "OK") => ({
  description,
  content: { "application/json": { schema, example } },
});

/** A JSON request body with an example of it. */
export const jsonBody = <T extends z.ZodType>(schema: T, example: z.input<T>) => ({
  required: true,
  content: { "application/json": { schema, example } },
});

const SESSION_COOKIES =
  "`__Host-access` (the access token), `__Host-refresh` (the refresh token) and `signed_in` (a hint the page reads)";

/** An answer that starts a session; `also` names any other cookie it sets. */
export const setsSessionCookies = (also = "") => ({
  "Set-Cookie": {
    description: `Starts the session: ${SESSION_COOKIES}${also}, one header each.`,
    required: true,
    schema: { type: "string" as const },
  },
});

/** An answer that ends the session in this browser (always, or only when `required` is false, when it had one). */
export const clearsSessionCookies = (required = true) => ({
  "Set-Cookie": {
    description: `Ends the session in this browser: ${SESSION_COOKIES}, expired${required ? "" : ", when the request sent them"}.`,
    required,
    schema: { type: "string" as const },
  },
});

/**
 * Each operation's security requirement. @hono/zod-openapi leaves a route's middleware out of the document, so the
 * requirement is declared beside it: a session by cookie (browsers) or Bearer token (other clients).
 */
type SecurityRequirement = Record<string, string[]>;

export const signedIn: SecurityRequirement[] = [{ cookieAuth: [] }, { bearerAuth: [] }];
/** A signed-in admin: the same schemes; a player's session answers 403. */
export const adminOnly = signedIn;
/** Works for visitors, and adds the viewer's own data (picks, bookmarks, rank) with a session. */
export const optionalSession: SecurityRequirement[] = [...signedIn, {}];
export const publicRoute: SecurityRequirement[] = [];
