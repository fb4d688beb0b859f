import { createRoute } from "@hono/zod-openapi";
import { priceFor } from "#shared/pricing";
import { errorResponses, jsonContent, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { readExchangeRates } from "../exchange-rates/exchange-rates.service";
import { priceSchema, pricingQuerySchema } from "./payments.schemas";

const pricingRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getPricing",
  summary: "Credit packs and subscriptions, priced in a currency",
  security: publicRoute,
  tags: ["Payments"],
  request: { query: pricingQuerySchema },
  responses: {
    200: jsonContent(priceSchema, "What the credits cost, as checkout will charge it"),
    ...errorResponses(400),
  },
});

export const pricingRoutes = createRouter().openapi(pricingRoute, async (c) => {
  const { credits, currency, mode } = c.req.valid("query");
  const { rates } = await readExchangeRates(c.var.data.catalogue);
  return c.json(priceFor(credits, mode, currency, rates[currency]), 200);
});
