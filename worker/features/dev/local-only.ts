import { AppError } from "../../lib/errors";

/**
 * Only worker/dev-entry.ts mounts the development routes; this check is the second lock, should that entry ever run
 * with a deployed environment's settings.
 */
export const assertLocal = (environment: string) => {
  if (environment !== "development" && environment !== "test") throw new AppError("not_found", "Page not found");
};
