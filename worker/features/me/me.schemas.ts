import { z } from "@hono/zod-openapi";
import { countrySchema, usernameSchema } from "../auth/auth.schemas";

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    country: z.string(),
    countryFlagUrl: z.string(),
    countryManuallySet: z.boolean(),
    role: z.enum(["player", "admin"]),
    createdAt: z.number().int().openapi({ description: "Unix epoch milliseconds" }),
    maxStreak: z.number().int(),
    referralCode: z.string(),
  })
  .openapi("User");

export const creditsSchema = z
  .object({
    balance: z.number().int(),
    totalEarned: z.number().int(),
    totalSpent: z.number().int(),
    redeemable: z.number().int(),
  })
  .openapi("Credits");

export const userResponseSchema = z.object({ user: userSchema }).openapi("UserResponse");

export const meResponseSchema = z.object({ user: userSchema, credits: creditsSchema }).openapi("Me");

export const updateMeSchema = z.object({ username: usernameSchema.optional(), country: countrySchema.optional() }).openapi("UpdateMe");

export const detectCountryResponseSchema = z
  .object({ countryCode: z.string().nullable(), updated: z.boolean() })
  .openapi("DetectCountry");
