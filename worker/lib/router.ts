import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { validationHook } from "./validation";

/** Every feature sub-app is built here so they share the validation hook and the typed env. */
export const createRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
