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
  description:
    "For anyone choosing how many credits to buy: the price of that many credits, once or every month, in a " +
    "currency, exactly as checkout will charge it (larger packs cost less per credit).",
  security: publicRoute,
  tags: ["Payments"],
  request: { query: pricingQuerySchema },
  responses: {
    200: jsonContent(
      priceSchema,
      { credits: 100, currency: "EUR", amount: 923, unitPrice: 9 },
      "What the credits cost, as checkout will charge it",
    ),
    ...errorResponses("validation_failed"),
  },
});

export const pricingRoutes = createRouter().openapi(pricingRoute, async (c) => {
  const { credits, currency, mode } = c.req.valid("query");
  const { rates } = await readExchangeRates(c.var.data.catalogue);
  return c.json(priceFor(credits, mode, currency, rates[currency]), 200);
});
