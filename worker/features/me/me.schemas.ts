import { z } from "@hono/zod-openapi";
import { countrySchema, usernameSchema } from "../auth/auth.schemas";

export const updateMeSchema = z
  .object({ username: usernameSchema.optional(), country: countrySchema.optional() })
  .openapi("UpdateMe");

export const detectCountryResponseSchema = z
  .object({ countryCode: z.string().nullable(), updated: z.boolean() })
  .openapi("DetectCountry");
