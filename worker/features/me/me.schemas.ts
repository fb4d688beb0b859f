import { z } from "@hono/zod-openapi";
import { countrySchema, usernameSchema } from "../auth/auth.schemas";

export const updateMeSchema = z
  .object({ username: usernameSchema.optional(), country: countrySchema.optional() })
  .openapi("UpdateMe");

export const detectCountryResponseSchema = z
  .object({ countryCode: z.string().nullable(), updated: z.boolean() })
  .openapi("DetectCountry");

export const deleteMeSchema = z
  .object({
    password: z
      .string({ error: "Please enter your password to delete your account" })
      .min(1, "Please enter your password to delete your account")
      .max(1000),
    cancelRedemptions: z.array(z.string().max(100)).max(100).default([]).openapi({
      description:
        "The pending redemptions the player agrees to cancel (their credits are refunded, then forfeited with the account); the deletion is refused while any other is pending",
    }),
  })
  .openapi("DeleteMe");
