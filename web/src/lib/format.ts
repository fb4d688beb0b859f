/**
 * One way to write numbers and money everywhere: counts with separators (1,035) and words in the right number
 * (1 credit, 2 credits), money in the currency's own style and minor units ($95.00, ¥119,880).
 *
 * Counts and their words are written here for en-US rather than through Intl: the first Intl formatter a page builds
 * loads the locale's data, about a fifth of a phone's start-up before the feed's first paint, and every card writes
 * a count. Money and dates, which the first view does not show, go through Intl formatters built on first use.
 */
import { lazily } from "#shared/lazily";

const LOCALE = "en-US";
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;
/** Beyond this a number's own text has an exponent; Intl writes it out (never a count of ours). */
const PLAIN_DIGITS_BELOW = 1e21;

const intlCounts = lazily(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));

/** As `Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })` writes it: halves away from zero, "-0" kept. */
export const formatCount = (value: number): string => {
  const size = Math.abs(value);
  if (!(size < PLAIN_DIGITS_BELOW)) return intlCounts().format(value);
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return sign + String(Math.round(size)).replace(THOUSANDS, ",");
};

/** English has one singular: exactly one, whatever its sign (Intl.PluralRules' "one" for en-US, fractions aside). */
const isOne = (value: number) => Math.abs(value) === 1;

/** `formatPlural(1, "pick")` is "1 pick", `formatPlural(1035, "credit")` is "1,035 credits". */
export const formatPlural = (value: number, one: string, other = `${one}s`): string =>
  `${formatCount(value)} ${isOne(value) ? one : other}`;

export const formatCredits = (value: number): string => formatPlural(value, "credit");

const COMPACT_UNITS = [
  { size: 1e9, suffix: "B" },
  { size: 1e6, suffix: "M" },
  { size: 1e3, suffix: "K" },
] as const;
/** Below this a count is written in full even where room is short: four digits fit anywhere a balance shows. */
const COMPACT_FROM = 10_000;

/**
 * A count for a narrow place (the header's balance on a phone): 12.3K, 999K, 12M. Cut, never rounded up, so a
 * balance is never shown larger than it is and 999,999 does not become "1000K".
 */
export const formatCompactCount = (value: number): string => {
  const size = Math.abs(value);
  const unit = COMPACT_UNITS.find((candidate) => size >= candidate.size);
  if (size < COMPACT_FROM || !unit) return formatCount(value);
  const scaled = size / unit.size;
  const shown = scaled < 100 ? Math.floor(scaled * 10) / 10 : Math.floor(scaled);
  const digits = Number.isInteger(shown) ? formatCount(shown) : shown.toFixed(1);
  return `${value < 0 ? "-" : ""}${digits}${unit.suffix}`;
};

const moneyFormats = new Map<string, Intl.NumberFormat>();

const moneyFormat = (currency: string) => {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { style: "currency", currency });
    moneyFormats.set(currency, format);
  }
  return format;
};

/** Digits after the decimal point of the currency (JPY has none). */
export const minorDigits = (currency: string): number =>
  moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;

/** An amount in the currency's minor units (cents; yen for JPY) written as money. */
export const formatMoneyMinor = (amountMinor: number, currency: string): string =>
  moneyFormat(currency).format(amountMinor / 10 ** minorDigits(currency));

/** An amount in major units (dollars) written as money. */
export const formatMoney = (amount: number, currency: string): string => moneyFormat(currency).format(amount);

const dateTimes = lazily(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
    }),
);

export const formatDateTime = (epochMs: number): string => dateTimes().format(epochMs);

/** A win rate, or "-" before any pick is won or lost (the API's null): 0% would say every pick lost. */
export const formatWinRate = (rate: number | null): string => (rate === null ? "-" : `${rate}%`);
