import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, GENERIC_ERROR_MESSAGE } from "./errors";
import type { AppEnv } from "../env";
import { log } from "./log";

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof AppError) return c.json(err.toBody(), err.status);
  if (err instanceof HTTPException && err.status < 500) {
    const code = err.status === 413 ? "payload_too_large" : err.status === 401 ? "unauthorized" : "bad_request";
    const message = err.status === 400 ? "Invalid input provided" : err.message || "Invalid input provided";
    return c.json(new AppError(code, message).toBody(), err.status);
  }
  log("error", "unhandled_error", {
    requestId: c.var.requestId,
    path: c.req.path,
    error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  return c.json(new AppError("internal", GENERIC_ERROR_MESSAGE).toBody(), 500);
};

export const notFound: NotFoundHandler<AppEnv> = (c) =>
  c.json(new AppError("not_found", "Page not found").toBody(), 404);
