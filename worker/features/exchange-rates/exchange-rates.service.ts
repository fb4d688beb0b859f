import * as z from "zod";
import { CURRENCIES, FALLBACK_RATES, type Currency } from "#shared/pricing";
import { EXCHANGE_RATES_TIMEOUT_MS } from "../../config";
import { eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { exchangeRates } from "../../db/schema";

export type ExchangeRates = {
  rates: Record<Currency, number>;
  base: "USD";
  timestamp: number | null;
  fallback: boolean;
};

const rate = z.number().positive().finite().max(1_000_000);

/**
 * The answer of the configured rates service: `{ base | base_code: "USD", rates: { EUR, GBP, ... } }` (the shape of
 * Frankfurter, open.er-api.com and exchangerate.host). Every currency we sell in must be present.
 */
const ratesAnswerSchema = z
  .object({
    base: z.string().optional(),
    base_code: z.string().optional(),
    rates: z.object({ EUR: rate, GBP: rate, CAD: rate, AUD: rate, JPY: rate }),
  })
  .refine((answer) => (answer.base ?? answer.base_code)?.toUpperCase() === "USD", { message: "base must be USD" });

const storedRatesSchema = z.object({ EUR: rate, GBP: rate, CAD: rate, AUD: rate, JPY: rate });

const pickRates = (rates: Omit<Record<Currency, number>, "USD">): Record<Currency, number> =>
  Object.fromEntries(CURRENCIES.map((code) => [code, code === "USD" ? 1 : rates[code]])) as Record<Currency, number>;

/** The last good rates, or the fixed fallback rates (flagged) when no fetch has ever succeeded. */
export const readExchangeRates = async (d1: D1Database): Promise<ExchangeRates> => {
  const [row] = await createDb(d1)
    .select({ rates: exchangeRates.rates, fetchedAt: exchangeRates.fetchedAt })
    .from(exchangeRates)
    .where(eq(exchangeRates.id, 1));
  const stored = row ? storedRatesSchema.safeParse(JSON.parse(row.rates)) : null;
  if (!row || !stored?.success) return { rates: { ...FALLBACK_RATES }, base: "USD", timestamp: null, fallback: true };
  return { rates: pickRates(stored.data), base: "USD", timestamp: row.fetchedAt, fallback: false };
};

export type RefreshOutcome = { updated: boolean; reason?: string };

/** Fetches, validates and stores the rates; any failure leaves the last good rates in place. */
export const refreshExchangeRates = async (
  d1: D1Database,
  url: string | undefined,
  now: number,
): Promise<RefreshOutcome> => {
  if (!url) return { updated: false, reason: "not_configured" };
  let body: unknown;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(EXCHANGE_RATES_TIMEOUT_MS),
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return { updated: false, reason: `status_${response.status}` };
    body = await response.json();
  } catch (error) {
    return { updated: false, reason: error instanceof Error ? error.name : "fetch_failed" };
  }
  const parsed = ratesAnswerSchema.safeParse(body);
  if (!parsed.success) return { updated: false, reason: "invalid_answer" };
  const { EUR, GBP, CAD, AUD, JPY } = parsed.data.rates;
  const stored = { base: "USD", rates: JSON.stringify({ EUR, GBP, CAD, AUD, JPY }), fetchedAt: now };
  await createDb(d1)
    .insert(exchangeRates)
    .values({ id: 1, ...stored })
    .onConflictDoUpdate({ target: exchangeRates.id, set: stored });
  return { updated: true };
};
