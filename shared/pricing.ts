/**
 * Credit prices, shared by the API (which charges) and the Add Credits modal (which only displays). Everything is
 * integer arithmetic in minor units: USD cents per credit, and rates in millionths, so no float ever rounds a price.
 */

export const CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "JPY"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PURCHASE_MODES = ["payment", "subscription"] as const;
export type PurchaseMode = (typeof PURCHASE_MODES)[number];

export const CURRENCY_INFO: Record<Currency, { symbol: string; name: string; decimals: 0 | 2 }> = {
  USD: { symbol: "$", name: "US Dollar", decimals: 2 },
  EUR: { symbol: "€", name: "Euro", decimals: 2 },
  GBP: { symbol: "£", name: "British Pound", decimals: 2 },
  CAD: { symbol: "C$", name: "Canadian Dollar", decimals: 2 },
  AUD: { symbol: "A$", name: "Australian Dollar", decimals: 2 },
  JPY: { symbol: "¥", name: "Japanese Yen", decimals: 0 },
};

/** The fixed fallback rates, used until a fetch has ever succeeded. */
export const FALLBACK_RATES: Record<Currency, number> = {
  USD: 1,
  EUR: 0.85,
  GBP: 0.79,
  CAD: 1.35,
  AUD: 1.52,
  JPY: 150,
};

export const CREDIT_LIMITS: Record<PurchaseMode, { min: number; max: number }> = {
  payment: { min: 5, max: 999 },
  subscription: { min: 1, max: 999 },
};

/** USD cents per credit from each tier's first credit count, highest first. */
const TIERS = [
  { from: 900, cents: 80 },
  { from: 500, cents: 85 },
  { from: 250, cents: 90 },
  { from: 100, cents: 95 },
  { from: 0, cents: 100 },
] as const;

/** A subscription's credit costs this fraction (4/5: 20% off) of the one-time price. */
const SUBSCRIPTION_NUMERATOR = 4;
const SUBSCRIPTION_DENOMINATOR = 5;

export const usdCentsPerCredit = (credits: number, mode: PurchaseMode) => {
  const cents = TIERS.find((tier) => credits >= tier.from)?.cents ?? 100;
  return mode === "subscription" ? (cents * SUBSCRIPTION_NUMERATOR) / SUBSCRIPTION_DENOMINATOR : cents;
};

export const usdCents = (credits: number, mode: PurchaseMode) => credits * usdCentsPerCredit(credits, mode);

const MICROS = 1_000_000;

/** USD cents to the currency's minor unit at `rate` (units per USD), rounded half up. */
export const convertCents = (cents: number, currency: Currency, rate: number) => {
  if (currency === "USD") return cents;
  const rateMicros = Math.round(rate * MICROS);
  const divisor = CURRENCY_INFO[currency].decimals === 2 ? MICROS : MICROS * 100;
  return Math.floor((cents * rateMicros + divisor / 2) / divisor);
};

export type Price = { credits: number; currency: Currency; amount: number; unitPrice: number };

/** `amount` is what is charged; `unitPrice` (one credit, same minor unit, rounded) is for display only. */
export const priceFor = (credits: number, mode: PurchaseMode, currency: Currency, rate: number): Price => ({
  credits,
  currency,
  amount: convertCents(usdCents(credits, mode), currency, rate),
  unitPrice: convertCents(usdCentsPerCredit(credits, mode), currency, rate),
});

/** The most credits (up to the maximum) whose price does not exceed `amount`; 0 when even the minimum costs more. */
export const creditsForAmount = (amount: number, mode: PurchaseMode, currency: Currency, rate: number) => {
  const { min, max } = CREDIT_LIMITS[mode];
  // Prices drop at each tier, so the largest affordable count is found from the top, not by inverting the tiers.
  for (let credits = max; credits >= min; credits--) {
    if (convertCents(usdCents(credits, mode), currency, rate) <= amount) return credits;
  }
  return 0;
};

/** An amount in minor units with the currency's symbol and digit grouping: C$1,078.92, ¥119,880. */
export const formatMoney = (amount: number, currency: Currency) => {
  const { symbol, decimals } = CURRENCY_INFO[currency];
  const digits = new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${symbol}${digits.format(amount / 10 ** decimals)}`;
};
