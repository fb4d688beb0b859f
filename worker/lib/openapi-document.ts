import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ErrorCode } from "./errors";
import { codesByStatus, documentedCodes, documentedError } from "./openapi-errors";

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

const STATE_CHANGING = new Set(["post", "put", "patch", "delete"]);
/** Operations that take a body other than JSON and limit its size themselves (see request-guard.ts). */
const OWN_BODY_RULES = new Set(["receiveStripeEvent", "uploadQuestionImage", "relayErrorReport"]);

const DESCRIPTION = [
  "Sports prediction picks with credits.",
  "",
  "Errors answer `{ error: { code, message } }`: each error answer of an operation lists the codes it can carry.",
  "Every answer carries `X-Request-Id`; a 429 carries `Retry-After`.",
  "Money-moving POSTs honour an `Idempotency-Key` header: a repeat gets the first answer and moves nothing.",
  "A browser signs in with the session cookies the Accounts operations set; another client sends the access token as",
  "`Authorization: Bearer`. Any answer to a browser that holds the refresh cookie without the `signed_in` hint may set",
  "that hint again.",
].join("\n");

const TAGS = [
  { name: "Health", description: "Is the API up" },
  { name: "Accounts", description: "Sign-up, sign-in, sessions and the player's own account" },
  { name: "Questions", description: "The feed of questions to pick on" },
  { name: "Bookmarks", description: "Questions a player saved for later" },
  { name: "Picks", description: "Picking an answer, and the player's picks and streak" },
  { name: "Credits", description: "The player's balance and ledger" },
  { name: "Payments", description: "Credit packs and subscriptions through Stripe" },
  { name: "Promo codes", description: "Bonus credits from a code" },
  { name: "Redemptions", description: "Gift cards and cash-outs from winnings" },
  { name: "Referrals", description: "Inviting friends" },
  { name: "Community", description: "Leaderboards, player stats, activity and contests" },
  { name: "Live", description: "A WebSocket of live updates" },
  { name: "Images", description: "Question images" },
  { name: "Contact", description: "Messages to the team" },
  {
    name: "Error reports",
    description: "The web app's error reporting: whether it is on, and the relay its reports go through",
  },
  { name: "Notifications", description: "Web push: the player's devices and the topics they want" },
  { name: "Responsible play", description: "Limits, breaks and self-exclusion a player sets on their own play" },
  { name: "Share", description: "Images of a shared pick, streak, leaderboard place or question, for link previews" },
  { name: "Score feed", description: "Results proposed from the score feed, and players' challenges of them" },
  { name: "Admin", description: "Questions, outcomes, redemptions, promo codes, contests and health, for admins" },
];

/** Codes a request can get from the app itself rather than its route. */
const APP_LEVEL = {
  /** A failure nothing expected, on any operation. */
  any: ["internal"],
  /**
   * From the middleware before any route runs, on state-changing requests: a cross-site Origin, a body that is not
   * JSON or is over the limit, and the player's account being moved to another database (worker/db/write-pause.ts).
   */
  stateChanging: ["forbidden", "unsupported_media_type", "payload_too_large", "unavailable"],
  /** Operations that read their own body (OWN_BODY_RULES) still check the Origin and the move. */
  ownBody: ["forbidden", "unavailable"],
  /** A JSON body that does not parse, refused by the validator before the route's schema sees it. */
  jsonBody: ["bad_request"],
} satisfies Record<string, ErrorCode[]>;

type Operation = {
  operationId?: string;
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, Response>;
};
type Response = { headers?: Record<string, unknown>; content?: unknown; description?: string };

const appLevelCodes = (method: string, operation: Operation): ErrorCode[] => {
  const codes: ErrorCode[] = [...APP_LEVEL.any];
  if (operation.requestBody?.content?.["application/json"]) codes.push(...APP_LEVEL.jsonBody);
  if (!STATE_CHANGING.has(method)) return codes;
  return [...codes, ...(OWN_BODY_RULES.has(operation.operationId ?? "") ? APP_LEVEL.ownBody : APP_LEVEL.stateChanging)];
};

const REQUEST_ID = { $ref: "#/components/headers/RequestId" };
const RETRY_AFTER = { $ref: "#/components/headers/RetryAfter" };
const RETRY_AFTER_WHEN_SOON = { $ref: "#/components/headers/RetryAfterWhenSoon" };

const HEADERS = {
  RequestId: {
    description:
      "The request's id in the server's logs (Cloudflare's Ray ID at the edge): quote it when reporting a problem.",
    required: true,
    schema: { type: "string" },
    example: "8f1c2a3b4d5e6f70-LHR",
  },
  RetryAfter: {
    description: "Seconds to wait before trying again.",
    required: true,
    schema: { type: "integer", minimum: 1 },
    example: 60,
  },
  RetryAfterWhenSoon: {
    description:
      "Seconds to wait before trying again, when the service is expected back soon (the player's account is being " +
      "moved to another database); absent when it is not configured or not answering.",
    required: false,
    schema: { type: "integer", minimum: 1 },
    example: 5,
  },
};

/** Headers every answer of a status carries. */
const headersOf = (status: number) => ({
  "X-Request-Id": REQUEST_ID,
  ...(status === 429 && { "Retry-After": RETRY_AFTER }),
  ...(status === 503 && { "Retry-After": RETRY_AFTER_WHEN_SOON }),
});

/**
 * Each error answer lists the codes its route declared and those the app adds, with what each means and an example;
 * every answer documents its headers (the route's own, such as Set-Cookie, kept).
 */
const completeOperation = (method: string, operation: Operation, where: string) => {
  const responses = operation.responses ?? {};
  const codes = [...Object.values(responses).flatMap(documentedCodes), ...appLevelCodes(method, operation)];
  const errors = codesByStatus(codes);
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 400 && !errors.has(Number(status))) {
      throw new Error(`${where} documents ${status} without its error codes: declare it with errorResponses()`);
    }
    response.headers = { ...headersOf(Number(status)), ...response.headers };
  }
  for (const [status, atStatus] of errors) {
    responses[status] = {
      ...documentedError(atStatus),
      headers: { ...headersOf(status), ...responses[status]?.headers },
    };
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
};

const completed = (document: Document): Document => {
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(pathItem as Record<string, Operation>)) {
      completeOperation(method, operation, `${method.toUpperCase()} ${path}`);
    }
  }
  document.components = { ...document.components, headers: HEADERS } as Document["components"];
  return document;
};

let cached: { appUrl: string; document: Document } | null = null;

/** The API's OpenAPI document, built once per isolate from the routes' own definitions. */
export const apiDocument = (api: Pick<OpenAPIHono, "getOpenAPI31Document">, appUrl: string) => {
  if (cached?.appUrl === appUrl) return cached.document;
  const document = completed(
    api.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Pickstreak API",
        version: "1.0.0",
        description: DESCRIPTION,
        contact: { name: "Pickstreak support", email: "support@pickstreak.app" },
        license: { name: "Proprietary: see the terms of service", url: new URL("/terms-of-service", appUrl).href },
      },
      // Paths are relative to /api: a client generated from this document calls /api/questions, not the SPA's /questions.
      servers: [{ url: "/api" }],
      tags: TAGS,
    }),
  );
  cached = { appUrl, document };
  return document;
};
