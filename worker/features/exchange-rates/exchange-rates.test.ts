import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { refreshExchangeRates } from "./exchange-rates.service";

const RATES_URL = "https://rates.example/latest?base=USD";
const GOOD = {
  base: "USD",
  date: "2026-11-22",
  rates: { EUR: 0.9, GBP: 0.8, CAD: 1.4, AUD: 1.5, JPY: 155.5, CHF: 0.88 },
};

/** A local stub for the rates service: every fetch of RATES_URL gets `answer`. */
const stubRates = (answer: (request: Request) => Promise<Response>) => {
  const realFetch = globalThis.fetch;
  return vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url === RATES_URL ? answer(request) : realFetch(request);
  });
};

const ratesNow = () => successOf(apiClient()["exchange-rates"].$get());

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the hourly exchange-rate job", () => {
  it("keeps the fallback while nothing answers, and does nothing without a configured URL", async () => {
    stubRates(() => Promise.reject(new TypeError("connection refused")));
    expect(await refreshExchangeRates(env.DB, RATES_URL, 1_000)).toEqual({ updated: false, reason: "TypeError" });
    expect(await refreshExchangeRates(env.DB, undefined, 1_000)).toEqual({ updated: false, reason: "not_configured" });
    expect((await ratesNow()).body.fallback).toBe(true);
  });

  it("stores good rates and serves them without the fallback flag", async () => {
    const stub = stubRates(async () => Response.json(GOOD));
    expect(await refreshExchangeRates(env.DB, RATES_URL, 2_000)).toEqual({ updated: true });
    expect(stub).toHaveBeenCalled();
    const { body } = await ratesNow();
    expect(body).toEqual({
      rates: { USD: 1, EUR: 0.9, GBP: 0.8, CAD: 1.4, AUD: 1.5, JPY: 155.5 },
      base: "USD",
      timestamp: 2_000,
      fallback: false,
    });
    const price = await successOf(apiClient().pricing.$get({ query: { credits: 100, currency: "EUR" } }));
    expect(price.body.amount).toBe(8550);
  });

  it("keeps the last good rates when the answer is garbage, incomplete, in another base or an error", async () => {
    const answers = [
      () => new Response("<html>rate limited</html>", { headers: { "Content-Type": "text/html" } }),
      () => Response.json({ base: "USD", rates: { EUR: 0.91 } }),
      () => Response.json({ base: "EUR", rates: GOOD.rates }),
      () => Response.json({ base: "USD", rates: { ...GOOD.rates, JPY: -1 } }),
      () => new Response("oops", { status: 503 }),
    ];
    for (const answer of answers) {
      vi.restoreAllMocks();
      stubRates(async () => answer());
      expect((await refreshExchangeRates(env.DB, RATES_URL, 3_000)).updated).toBe(false);
    }
    const { body } = await ratesNow();
    expect(body).toMatchObject({ rates: { EUR: 0.9 }, timestamp: 2_000, fallback: false });
  });

  it("gives up on a service that never answers and keeps the last good rates", async () => {
    // Answers nothing, ever: only the job's own timeout (its abort signal) ends the wait.
    stubRates(
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener("abort", () => reject(request.signal.reason)),
        ),
    );
    expect(await refreshExchangeRates(env.DB, RATES_URL, 4_000)).toEqual({ updated: false, reason: "TimeoutError" });
    expect((await ratesNow()).body.timestamp).toBe(2_000);
  }, 15_000);
});
