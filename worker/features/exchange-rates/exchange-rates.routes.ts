import { createRoute, z } from "@hono/zod-openapi";
import { CURRENCIES } from "#shared/pricing";
import { jsonContent, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { readExchangeRates } from "./exchange-rates.service";

export const exchangeRatesSchema = z
  .object({
    rates: z.record(z.enum(CURRENCIES), z.number()),
    base: z.literal("USD"),
    timestamp: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "When the rates were fetched (ms); null for the fallback rates" }),
    fallback: z.boolean(),
  })
  .openapi("ExchangeRates");

const ratesRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getExchangeRates",
  summary: "Exchange rates from US dollars",
  description:
    "For anyone showing prices in another currency: what one US dollar is worth in each currency checkout takes, " +
    "refreshed daily (`fallback` when the built-in rates stand in).",
  security: publicRoute,
  tags: ["Payments"],
  responses: {
    200: jsonContent(exchangeRatesSchema, {
      rates: { USD: 1, EUR: 0.92, GBP: 0.79, CAD: 1.37, AUD: 1.52, JPY: 151.3 },
      base: "USD",
      timestamp: 1767225600000,
      fallback: false,
    }),
  },
});

export const exchangeRateRoutes = createRouter().openapi(ratesRoute, async (c) =>
  c.json(await readExchangeRates(c.var.data.catalogue), 200),
);
