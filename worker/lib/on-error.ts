import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, GENERIC_ERROR_MESSAGE, type ErrorCode } from "./errors";
import type { AppEnv } from "../env";
import { reportError } from "./error-reports";
import { routeTemplate } from "./route-template";
import { log } from "./log";
import { JSON_ONLY_MESSAGE } from "./request-guard";

/** What Hono and its validators throw, in our codes; any other 4xx of theirs is bad input. */
const HTTP_EXCEPTION_ERRORS: Partial<Record<number, { code: ErrorCode; message?: string }>> = {
  401: { code: "unauthorized" },
  413: { code: "payload_too_large" },
  // Only JSON bodies are checked by the route validators (the image upload reads its own), so say what they take.
  415: { code: "unsupported_media_type", message: JSON_ONLY_MESSAGE },
};

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof AppError) return c.json(err.toBody(), err.status, err.headers);
  if (err instanceof HTTPException && err.status < 500) {
    const known = HTTP_EXCEPTION_ERRORS[err.status];
    const message =
      known?.message ?? (err.status === 400 ? "Invalid input provided" : err.message || "Invalid input provided");
    return c.json(new AppError(known?.code ?? "bad_request", message).toBody(), err.status);
  }
  log("error", "unhandled_error", {
    requestId: c.var.requestId,
    path: c.req.path,
    error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  const place = { kind: "request", requestId: c.var.requestId, route: routeTemplate(c), method: c.req.method } as const;
  c.executionCtx.waitUntil(reportError(c.env, err, place));
  return c.json(new AppError("internal", GENERIC_ERROR_MESSAGE).toBody(), 500);
};

export const notFound: NotFoundHandler<AppEnv> = (c) =>
  c.json(new AppError("not_found", "Page not found").toBody(), 404);
