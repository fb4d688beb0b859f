import { createRoute, z } from "@hono/zod-openapi";
import { GIFT_CARD_USD_PER_CREDIT, REDEMPTION_DEFAULT_MAX_CREDITS, REDEMPTION_MIN_CREDITS } from "../../config";
import { jsonContent, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { edgeCache } from "../../lib/edge-cache";

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
  summary: "The gift card catalogue for the visitor's country",
  security: publicRoute,
  tags: ["Redemptions"],
  responses: { 200: jsonContent(rewardsResponseSchema) },
});

type RewardRow = {
  id: string;
  name: string;
  currency: string;
  min_amount: number;
  max_amount: number | null;
  image_url: string | null;
  preselected_amounts: string;
  country_codes: string;
};

/** The active catalogue, public so visitors can browse it; the rules the redemption forms show come with it. */
export const rewardRoutes = createRouter().openapi(listRoute, async (c) => {
  const { results } = await c.env.DB.prepare(
    `SELECT id, name, currency, min_amount, max_amount, image_url, preselected_amounts, country_codes
     FROM rewards WHERE is_active = 1 ORDER BY sort_order, name`,
  ).all<RewardRow>();
  const items = results.map((row) => ({
    id: row.id,
    name: row.name,
    currency: row.currency,
    minAmount: Math.max(REDEMPTION_MIN_CREDITS, row.min_amount),
    maxAmount: row.max_amount ?? REDEMPTION_DEFAULT_MAX_CREDITS,
    imageUrl: row.image_url,
    preselectedAmounts: JSON.parse(row.preselected_amounts) as number[],
    countryCodes: JSON.parse(row.country_codes) as string[],
  }));
  c.header("Cache-Control", "public, max-age=300");
  return c.json({ items, usdPerCredit: GIFT_CARD_USD_PER_CREDIT, minCredits: REDEMPTION_MIN_CREDITS }, 200);
});
