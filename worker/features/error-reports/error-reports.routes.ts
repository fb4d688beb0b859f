import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { RATE_LIMITS } from "../../config";
import { AppError } from "../../lib/errors";
import { errorResponses, jsonContent, publicRoute } from "../../lib/openapi";
import { rateLimitByIp } from "../../lib/rate-limit";
import { takesOwnBody } from "../../lib/request-guard";
import { createRouter } from "../../lib/router";
import { errorReportSettings, relayEnvelope } from "./error-relay";

/** A browser's report of one error is a few kilobytes; the cap leaves room for a long stack and breadcrumbs. */
const ENVELOPE_MAX_BYTES = 200 * 1024;

const settingsSchema = z
  .object({
    enabled: z.boolean().openapi({ description: "False when the deployment has no error reports server" }),
    dsn: z.string().nullable().openapi({ description: "The DSN the browser's SDK labels its reports with" }),
    release: z.string().nullable().openapi({ description: "The deployed commit" }),
    environment: z.string(),
  })
  .openapi("ErrorReportSettings");

const settingsRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getErrorReportSettings",
  security: publicRoute,
  tags: ["Error reports"],
  summary: "Whether the app reports its errors, and how",
  description:
    "For the web app: whether to load its error reporting after the first view, with the DSN, release and " +
    "environment to label reports with. Reports are then sent to POST /error-reports, never to the server directly.",
  responses: {
    200: jsonContent(settingsSchema, {
      enabled: true,
      dsn: "https://public@errors.example.com/1",
      release: "8714c74",
      environment: "production",
    }),
  },
});

const relayRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "relayErrorReport",
  security: publicRoute,
  tags: ["Error reports"],
  summary: "Relay one error report envelope from the web app",
  description:
    "The web app's error reporting sends its Sentry envelopes here (its tunnel): the worker relays the events, " +
    "scrubbed of personal data, to the error reports server, and only for this app's own DSN.",
  middleware: [
    takesOwnBody,
    bodyLimit({
      maxSize: ENVELOPE_MAX_BYTES,
      onError: () => {
        throw new AppError("payload_too_large", "Request body is too large");
      },
    }),
    rateLimitByIp("error-reports", RATE_LIMITS.errorReportsPerIp),
  ] as const,
  request: {
    body: {
      required: true,
      content: {
        "text/plain": {
          schema: { type: "string", description: "A Sentry envelope: newline-separated JSON" },
          example:
            '{"dsn":"https://public@errors.example.com/1"}\n{"type":"event"}\n{"event_id":"9f2c1e0d7b8a4c3e9f2c1e0d7b8a4c3e","message":"boom"}',
        },
      },
    },
  },
  responses: {
    200: jsonContent(z.object({ events: z.number().int() }), { events: 1 }, "Relayed"),
    ...errorResponses("bad_request", "forbidden", "not_found", "payload_too_large", "rate_limited", "unavailable"),
  },
});

export const errorReportRoutes = createRouter()
  .openapi(settingsRoute, (c) => c.json(errorReportSettings(c.var.settings), 200))
  .openapi(relayRoute, async (c) => c.json(await relayEnvelope(c.var.settings, await c.req.text()), 200));
