import { createRoute, z } from "@hono/zod-openapi";
import { GIFT_CARD_USD_PER_CREDIT, REDEMPTION_DEFAULT_MAX_CREDITS, REDEMPTION_MIN_CREDITS } from "../../config";
import { jsonContent, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { edgeCache } from "../../lib/edge-cache";
import { asc, eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { rewards } from "../../db/schema";

const rewardSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    minAmount: z.number().int().openapi({ description: "Credits" }),
    maxAmount: z.number().int().openapi({ description: "Credits: the reward's own maximum or the default" }),
    imageUrl: z.string().nullable(),
    preselectedAmounts: z.array(z.number().int()),
    countryCodes: z.array(z.string()),
  })
  .openapi("Reward");

const rewardsResponseSchema = z
  .object({
    items: z.array(rewardSchema),
    usdPerCredit: z.number().openapi({ description: "Gift card and cash-out value of one redeemed credit" }),
    minCredits: z.number().int(),
  })
  .openapi("Rewards");

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listRewards",
  middleware: [edgeCache()] as const,
  summary: "The gift card catalogue, with the redemption rules",
  description:
    "For anyone browsing rewards: the gift cards winnings can be redeemed for, each with its amounts in credits and " +
    "the countries it serves, and what one credit is worth.",
  security: publicRoute,
  tags: ["Redemptions"],
  responses: {
    200: jsonContent(rewardsResponseSchema, {
      items: [
        {
          id: "amazon-us",
          name: "Amazon",
          currency: "USD",
          minAmount: REDEMPTION_MIN_CREDITS,
          maxAmount: REDEMPTION_DEFAULT_MAX_CREDITS,
          imageUrl: "/rewards/amazon.svg",
          preselectedAmounts: [25, 50, 100],
          countryCodes: ["US"],
        },
      ],
      usdPerCredit: GIFT_CARD_USD_PER_CREDIT,
      minCredits: REDEMPTION_MIN_CREDITS,
    }),
  },
});

/** The active catalogue, public so visitors can browse it; the rules the redemption forms show come with it. */
export const rewardRoutes = createRouter().openapi(listRoute, async (c) => {
  const rows = await createDb(c.var.data.catalogue)
    .select({
      id: rewards.id,
      name: rewards.name,
      currency: rewards.currency,
      minAmount: rewards.minAmount,
      maxAmount: rewards.maxAmount,
      imageUrl: rewards.imageUrl,
      preselectedAmounts: rewards.preselectedAmounts,
      countryCodes: rewards.countryCodes,
    })
    .from(rewards)
    .where(eq(rewards.isActive, true))
    .orderBy(asc(rewards.sortOrder), asc(rewards.name));
  const items = rows.map((row) => ({
    ...row,
    minAmount: Math.max(REDEMPTION_MIN_CREDITS, row.minAmount),
    maxAmount: row.maxAmount ?? REDEMPTION_DEFAULT_MAX_CREDITS,
  }));
  c.header("Cache-Control", "public, max-age=300");
  return c.json({ items, usdPerCredit: GIFT_CARD_USD_PER_CREDIT, minCredits: REDEMPTION_MIN_CREDITS }, 200);
});
