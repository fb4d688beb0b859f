import { z } from "@hono/zod-openapi";

/** A player's balance as every answer that changes it carries it. */
export const creditsSchema = z
  .object({
    balance: z.number().int(),
    totalEarned: z.number().int(),
    totalSpent: z.number().int(),
    redeemable: z.number().int(),
  })
  .openapi("Credits");
