import { z } from "@hono/zod-openapi";
import { errorStatus, type ErrorCode } from "./errors";

type StatusOf<C extends ErrorCode> = (typeof errorStatus)[C];
/** The codes among C that answer with status S. */
type CodesAt<C extends ErrorCode, S> = C extends ErrorCode ? (StatusOf<C> extends S ? C : never) : never;

/** What a client should make of each code, and a message it may see with it (the route's own wording varies). */
const ERROR_CODES: Record<ErrorCode, { meaning: string; message: string }> = {
  bad_request: {
    meaning: "the request is malformed: a JSON body that does not parse, an invalid cursor or header",
    message: "Invalid input provided",
  },
  validation_failed: { meaning: "a value breaks its rule; `field` names it", message: "Invalid input provided" },
  invalid_token: {
    meaning: "the emailed link is unknown, used or expired",
    message: "This link is invalid or expired",
  },
  unauthorized: { meaning: "no live session: sign in, or refresh the session", message: "Please log in to continue" },
  invalid_credentials: { meaning: "the email or the password is wrong", message: "Invalid email or password" },
  insufficient_credits: { meaning: "the balance does not cover the cost", message: "Not enough credits" },
  forbidden: { meaning: "the request is not allowed for this player or origin", message: "Permission denied" },
  email_not_confirmed: { meaning: "the address is not confirmed yet", message: "Please confirm your email first" },
  not_found: { meaning: "it does not exist, or is not the viewer's to see", message: "Not found" },
  conflict: { meaning: "the current state does not allow it", message: "This can no longer be changed" },
  duplicate: { meaning: "it was already done", message: "Already done" },
  payload_too_large: { meaning: "the body is over the limit", message: "Request body is too large" },
  unsupported_media_type: {
    meaning: "the body is not of a type the operation takes",
    message: "Content-Type must be application/json",
  },
  rule_violation: { meaning: "a rule of the game refuses it", message: "This is not allowed by the rules" },
  idempotency_key_reused: {
    meaning: "the Idempotency-Key was used with a different request",
    message: "This Idempotency-Key was already used with a different request.",
  },
  rate_limited: { meaning: "too many requests: wait `Retry-After` seconds", message: "Too many requests." },
  internal: { meaning: "a failure nothing expected; it is logged", message: "An error occurred" },
  unavailable: { meaning: "a service it needs is not available now", message: "Please try again later." },
};

const errorSchema = <const C extends ErrorCode>(codes: readonly C[]) =>
  z.object({
    error: z.object({ code: z.enum(codes as [C, ...C[]]), message: z.string(), field: z.string().optional() }).loose(),
  });

type ErrorResponse<C extends ErrorCode> = {
  description: string;
  content: { "application/json": { schema: ReturnType<typeof errorSchema<C>> } };
};

const sentence = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

const describeCodes = (codes: readonly ErrorCode[]) =>
  codes.map((code) => `\`${code}\`: ${ERROR_CODES[code].meaning}`).join("; ");

/** Codes grouped by the status they answer with. */
export const codesByStatus = (codes: readonly ErrorCode[]) => {
  const grouped = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) grouped.set(errorStatus[code], [...(grouped.get(errorStatus[code]) ?? []), code]);
  return grouped;
};

/**
 * The error answers of a route, from the codes it can answer with, each stated once: the statuses come from
 * errors.ts, and each status lists only its own codes (`code: enum [...]`). Keyed by the literal statuses, so the
 * typed client knows every answer a route can give, and a test or a screen that reads an error reads its codes.
 * The document adds the codes the app itself can answer (openapi-document.ts).
 */
export const errorResponses = <const C extends ErrorCode>(...codes: C[]) =>
  Object.fromEntries(
    [...codesByStatus(codes)].map(([status, atStatus]) => [
      status,
      { description: describeCodes(atStatus), content: { "application/json": { schema: errorSchema(atStatus) } } },
    ]),
  ) as unknown as { [S in StatusOf<C>]: ErrorResponse<CodesAt<C, S>> };

/** The codes a finished document's error answer lists (its `code` enum). */
export const documentedCodes = (response: unknown): ErrorCode[] => {
  const schema = (response as { content?: Record<string, { schema?: unknown }> }).content?.["application/json"]?.schema;
  const code = (schema as { properties?: { error?: { properties?: { code?: { enum?: unknown } } } } } | undefined)
    ?.properties?.error?.properties?.code;
  return Array.isArray(code?.enum) ? (code.enum as ErrorCode[]) : [];
};

/** An error answer of the finished document: its codes, what each means, and an example of each. */
export const documentedError = (codes: readonly ErrorCode[]) => ({
  description: describeCodes(codes),
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["error"],
        properties: {
          error: {
            type: "object",
            required: ["code", "message"],
            properties: {
              code: { type: "string", enum: [...codes] },
              message: { type: "string" },
              field: { type: "string", description: "The input the error is about, when it is about one" },
            },
            additionalProperties: {},
          },
        },
      },
      examples: Object.fromEntries(
        codes.map((code) => [
          code,
          {
            summary: sentence(ERROR_CODES[code].meaning),
            value: { error: { code, message: ERROR_CODES[code].message } },
          },
        ]),
      ),
    },
  },
});
