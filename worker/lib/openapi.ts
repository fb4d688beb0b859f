import { z } from "@hono/zod-openapi";
import { errorStatus } from "./errors";

export const errorResponseSchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string() }).passthrough(),
  })
  .openapi("Error");

/** The closed set of codes, by the status they answer with: each documented error names the codes it can carry. */
const describeStatus = (status: number) => {
  const codes = Object.entries(errorStatus).filter(([, codeStatus]) => codeStatus === status);
  return codes.length ? `Error: ${codes.map(([code]) => `\`${code}\``).join(", ")}` : "Error";
};

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: describeStatus(status), content: { "application/json": { schema: errorResponseSchema } } },
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
