import { z } from "@hono/zod-openapi";
import { createSchemaFactory } from "drizzle-zod";

/**
 * Response schemas drawn from the tables, on the OpenAPI-aware zod so they reach the API document: a column added to
 * a table reaches every answer built from it, and the web app's types, without another copy of its shape.
 */
export const { createSelectSchema } = createSchemaFactory({ zodInstance: z });
