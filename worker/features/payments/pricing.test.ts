import { describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";

/** Independent of the code under test: USD cents from the tier table, written out by hand. */
const USD_CENTS: Record<number, { payment: number | null; subscription: number | null }> = {
  4: { payment: null, subscription: 4 * 80 },
  5: { payment: 5 * 100, subscription: 5 * 80 },
  99: { payment: 99 * 100, subscription: 99 * 80 },
  100: { payment: 100 * 95, subscription: 100 * 76 },
  249: { payment: 249 * 95, subscription: 249 * 76 },
  250: { payment: 250 * 90, subscription: 250 * 72 },
  499: { payment: 499 * 90, subscription: 499 * 72 },
  500: { payment: 500 * 85, subscription: 500 * 68 },
  899: { payment: 899 * 85, subscription: 899 * 68 },
  900: { payment: 900 * 80, subscription: 900 * 64 },
  999: { payment: 999 * 80, subscription: 999 * 64 },
  1000: { payment: null, subscription: null },
};

/** The fallback rates in hundredths (no rates were ever fetched in this file's database). */
const RATES_IN_HUNDREDTHS = { USD: 100, EUR: 85, GBP: 79, CAD: 135, AUD: 152, JPY: 15000 } as const;
type Currency = keyof typeof RATES_IN_HUNDREDTHS;

/** Rounded half up in exact integers: cents for two-decimal currencies, whole yen for JPY. */
const expectedAmount = (usdCents: number, currency: Currency) => {
  const divisor = currency === "JPY" ? 10_000 : 100;
  return Math.floor((usdCents * RATES_IN_HUNDREDTHS[currency] + divisor / 2) / divisor);
};

const price = (credits: number, currency: Currency, mode: "payment" | "subscription") =>
  apiClient().pricing.$get({ query: { credits, currency, mode } });

describe("GET /api/pricing", () => {
  for (const currency of Object.keys(RATES_IN_HUNDREDTHS) as Currency[]) {
    for (const mode of ["payment", "subscription"] as const) {
      it(`prices every tier boundary in ${currency} (${mode})`, async () => {
        for (const [credits, cents] of Object.entries(USD_CENTS)) {
          const answer = await price(Number(credits), currency, mode);
          const usd = cents[mode];
          if (usd === null) {
            expect(answer.status, `${credits} credits`).toBe(400);
            expect(await answer.json()).toMatchObject({ error: { message: expect.stringMatching(/between/) } });
            continue;
          }
          expect(answer.status, `${credits} credits`).toBe(200);
          expect(await answer.json()).toMatchObject({
            credits: Number(credits),
            currency,
            amount: expectedAmount(usd, currency),
          });
        }
      });
    }
  }

  it("matches hand-computed prices at the price anchors", async () => {
    expect((await successOf(price(999, "USD", "payment"))).body.amount).toBe(79_920);
    expect((await successOf(price(999, "USD", "subscription"))).body.amount).toBe(63_936);
    expect((await successOf(price(100, "EUR", "payment"))).body).toEqual({
      credits: 100,
      currency: "EUR",
      amount: 8075,
      unitPrice: 81,
    });
    expect((await successOf(price(999, "JPY", "payment"))).body).toMatchObject({ amount: 119_880, unitPrice: 120 });
    expect((await successOf(price(5, "GBP", "payment"))).body.amount).toBe(395);
  });

  it("rejects a fractional count, an unknown currency and an unknown mode", async () => {
    expect(await (await price(10.5, "USD", "payment")).json()).toMatchObject({
      error: { message: "Credits must be a whole number" },
    });
    // A currency and a mode outside the route's types, so sent untyped.
    expect((await callJson("/api/pricing?credits=10&currency=CHF&mode=payment")).body).toMatchObject({
      error: { message: "Unsupported currency" },
    });
    expect((await callJson("/api/pricing?credits=10&currency=USD&mode=weekly")).body).toMatchObject({
      error: { message: "Mode must be payment or subscription" },
    });
  });
});

describe("GET /api/exchange-rates", () => {
  it("answers the fixed fallback rates, flagged, before any fetch has succeeded", async () => {
    const { status, body } = await successOf(apiClient()["exchange-rates"].$get());
    expect(status).toBe(200);
    expect(body).toEqual({
      rates: { USD: 1, EUR: 0.85, GBP: 0.79, CAD: 1.35, AUD: 1.52, JPY: 150 },
      base: "USD",
      timestamp: null,
      fallback: true,
    });
  });
});

describe("the OpenAPI document", () => {
  it("describes every money-in route", async () => {
    const { body } = await callJson<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/pricing",
        "/exchange-rates",
        "/payments/checkout",
        "/payments/verify",
        "/payments/portal",
        "/subscriptions",
        "/stripe/webhook",
        "/promo-codes/redeem",
        "/admin/promo-codes",
        "/admin/promo-codes/{code}",
      ]),
    );
  });
});
