/**
 * One way to write numbers and money everywhere: counts through Intl.NumberFormat (1,035), words through
 * Intl.PluralRules (1 credit, 2 credits), money in the currency's own style and minor units ($95.00, ¥119,880).
 */
const LOCALE = "en-US";

const counts = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const plurals = new Intl.PluralRules(LOCALE);

export const formatCount = (value: number): string => counts.format(value);

/** `formatPlural(1, "pick")` is "1 pick", `formatPlural(1035, "credit")` is "1,035 credits". */
export const formatPlural = (value: number, one: string, other = `${one}s`): string =>
  `${formatCount(value)} ${plurals.select(value) === "one" ? one : other}`;

export const formatCredits = (value: number): string => formatPlural(value, "credit");

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
export const minorDigits = (currency: string): number => moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;

/** An amount in the currency's minor units (cents; yen for JPY) written as money. */
export const formatMoneyMinor = (amountMinor: number, currency: string): string =>
  moneyFormat(currency).format(amountMinor / 10 ** minorDigits(currency));

/** An amount in major units (dollars) written as money. */
export const formatMoney = (amount: number, currency: string): string => moneyFormat(currency).format(amount);

const dateTimes = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });

export const formatDateTime = (epochMs: number): string => dateTimes.format(epochMs);
