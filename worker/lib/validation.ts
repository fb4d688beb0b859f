import type { Hook } from "@hono/zod-openapi";
import { AppError } from "./errors";
import type { AppEnv } from "../env";

/** Every validated input answers 400 with the first rule's own message (the product's wording lives in the schemas). */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".");
  throw new AppError("validation_failed", issue?.message ?? "Invalid input provided", field ? { field } : {});
};
