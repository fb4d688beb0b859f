import { z } from "@hono/zod-openapi";
import { errorStatus } from "./errors";

export const errorResponseSchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string() }).passthrough(),
  })
  .openapi("Error");

/** The closed set of codes, by the status they answer with: each documented error names the codes it can carry. */
const describeStatus = (status: number) => {
  const codes = Object.entries(errorStatus).filter(([, codeStatus]) => codeStatus === status);
  return codes.length ? `Error: ${codes.map(([code]) => `\`${code}\``).join(", ")}` : "Error";
};

type ErrorResponse<S> = { description: string; content: { "application/json": { schema: S } } };

/**
 * Keyed by the literal statuses, so the typed client knows every answer a route can give: a test or a screen that
 * reads an error reads the error shape, and compares the status with the ones the route declares.
 */
const errorsWith = <S, const K extends number>(schema: S, statuses: K[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: describeStatus(status), content: { "application/json": { schema } } },
    ]),
  ) as { [Status in K]: ErrorResponse<S> };

export const errorResponses = <const K extends number>(...statuses: K[]) => errorsWith(errorResponseSchema, statuses);

/** The same responses for a finished document, where the error schema is a reference to its component. */
export const documentedErrors = <const K extends number>(...statuses: K[]) =>
  errorsWith({ $ref: "#/components/schemas/Error" }, statuses);

export const jsonContent = <T>(schema: T, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});

export const jsonBody = <T>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
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
