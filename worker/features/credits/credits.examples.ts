import type { z } from "@hono/zod-openapi";
import type { creditsSchema } from "./credits.schemas";

/** The API document's example of a balance (checked against the schema by its linters). */
export const exampleCredits = {
  balance: 140,
  totalEarned: 260,
  totalSpent: 120,
  redeemable: 40,
} satisfies z.output<typeof creditsSchema>;
