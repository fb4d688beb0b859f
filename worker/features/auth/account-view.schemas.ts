import { z } from "@hono/zod-openapi";
import { creditsSchema } from "../credits/credits.schemas";

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

export const userResponseSchema = z.object({ user: userSchema }).openapi("UserResponse");

export const meResponseSchema = z.object({ user: userSchema, credits: creditsSchema }).openapi("Me");
