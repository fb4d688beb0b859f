import { z } from "@hono/zod-openapi";

/** Minutes behind UTC, as the browser's getTimezoneOffset() gives; real offsets lie within 14 hours. */
export const timeZoneOffsetSchema = z.coerce
  .number({ error: "Invalid time zone offset" })
  .int("Invalid time zone offset")
  .min(-840, "Invalid time zone offset")
  .max(840, "Invalid time zone offset");
