import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "./errors";
import type { AppEnv } from "../env";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_BODY_LIMIT = 64 * 1024;

export const JSON_ONLY_MESSAGE = "Content-Type must be application/json";

/** The media type itself, whatever its parameters (`; charset=utf-8`): a prefix would let `application/jsonx` in. */
const isJson = (contentType: string) => contentType.split(";", 1)[0]!.trim().toLowerCase() === "application/json";

/**
 * Declared in the middleware of a route that takes a body other than JSON and limits its size itself (Stripe's
 * webhook, image uploads). It does nothing when it runs; the guards below, which run earlier, find it among the
 * request's matched handlers.
 */
export const takesOwnBody: MiddlewareHandler<AppEnv> = async (_c, next) => {
  await next();
};

const routeTakesOwnBody = (c: Context<AppEnv>) => c.req.matchedRoutes.some((route) => route.handler === takesOwnBody);

/**
 * Cookie-authenticated writes must come from our own origin (CSRF), and JSON routes only accept JSON,
 * which also keeps cross-site "simple" form posts out.
 */
export const requestGuard = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!STATE_CHANGING.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  if (origin && origin !== new URL(c.req.url).origin && origin !== new URL(c.get("settings").APP_URL).origin) {
    throw new AppError("forbidden", "Permission denied");
  }
  if (routeTakesOwnBody(c)) return next();
  const hasBody = c.req.header("Content-Length") !== "0" && c.req.raw.body !== null;
  if (hasBody && !isJson(c.req.header("Content-Type") ?? ""))
    throw new AppError("unsupported_media_type", JSON_ONLY_MESSAGE);
  return next();
};

export const jsonBodyLimit = (): MiddlewareHandler<AppEnv> => {
  const limit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError("payload_too_large", "Request body is too large");
    },
  });
  return async (c, next) => (routeTakesOwnBody(c) ? next() : limit(c, next));
};
