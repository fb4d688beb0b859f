import { z } from "@hono/zod-openapi";

export const errorResponseSchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string() }).passthrough(),
  })
  .openapi("Error");

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: "Error", content: { "application/json": { schema: errorResponseSchema } } },
    ]),
  );

export const jsonContent = <T>(schema: T, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});

export const jsonBody = <T>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
