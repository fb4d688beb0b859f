import type { OpenAPIHono } from "@hono/zod-openapi";
import { documentedErrors } from "./openapi";

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;
type Operation = { operationId?: string; responses?: Record<string, unknown> };

const STATE_CHANGING = new Set(["post", "put", "patch", "delete"]);
/** Operations that take a body other than JSON and limit its size themselves (see request-guard.ts). */
const OWN_BODY_RULES = new Set(["receiveStripeEvent", "uploadQuestionImage"]);

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
  { name: "Admin", description: "Questions, outcomes, redemptions, promo codes, contests and health, for admins" },
];

/**
 * Statuses a request can get from the app itself rather than its route: 500 for a failure nothing expected (any
 * operation), and for state-changing requests, from the middleware before any route runs, 403 for a cross-site
 * Origin, 415 for a body that is not JSON, 413 for a body over the limit, and 503 (with Retry-After) while the
 * player's account is being moved to another database (worker/db/write-pause.ts).
 */
const appLevelErrors = (method: string, operation: Operation) => {
  if (!STATE_CHANGING.has(method)) return documentedErrors(500);
  return OWN_BODY_RULES.has(operation.operationId ?? "")
    ? documentedErrors(403, 500, 503)
    : documentedErrors(403, 413, 415, 500, 503);
};

const withAppLevelErrors = (document: Document): Document => {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(pathItem as Record<string, Operation>)) {
      operation.responses = { ...appLevelErrors(method, operation), ...operation.responses };
    }
  }
  return document;
};

let cached: Document | null = null;

/** The API's OpenAPI document, built once per isolate from the routes' own definitions. */
export const apiDocument = (api: Pick<OpenAPIHono, "getOpenAPI31Document">) => {
  cached ??= withAppLevelErrors(
    api.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Pickstreak API",
        version: "1.0.0",
        description:
          "Sports prediction picks with credits. Errors answer `{ error: { code, message } }`; money-moving POSTs honour an `Idempotency-Key` header.",
        license: { name: "Proprietary: see the terms of service", url: "/terms-of-service" },
      },
      // Paths are relative to /api: a client generated from this document calls /api/questions, not the SPA's /questions.
      servers: [{ url: "/api" }],
      tags: TAGS,
    }),
  );
  return cached;
};
