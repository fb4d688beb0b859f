/**
 * What an error report must never carry, found in any string of it: email addresses (sign-in names and PayPal payout
 * addresses), signed tokens and long opaque secrets (sessions, confirmation and reset links, Stripe ids and keys),
 * and long digit runs (card, bank or phone numbers).
 */
const PERSONAL_DATA: [RegExp, string][] = [
  [/[^\s@"'<>()[\]{},;:]+@[^\s@"'<>()[\]{},;:]+\.[a-z]{2,}/gi, "[email]"],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, "[token]"],
  [/\b(?:sk|pk|rk|whsec|cs|pi|cus|acct)_(?:test_|live_)?[\w]{8,}/g, "[secret]"],
  [/\b[\w-]{32,}\b/g, "[token]"],
  [/\b\d[\d -]{7,}\d\b/g, "[number]"],
];

/** Request and event fields that hold credentials or personal data whatever their text looks like. */
const PERSONAL_KEYS =
  /^(cookie|cookies|authorization|set-cookie|password|email|token|payout.*|iban|account.*number|ip_address)$/i;

export const scrubText = (text: string) =>
  PERSONAL_DATA.reduce((scrubbed, [pattern, replacement]) => scrubbed.replace(pattern, replacement), text);

/** A copy of a JSON-like value with personal data replaced: strings scrubbed, personal keys' values dropped. */
export const scrubPersonalData = <T>(value: T): T => {
  if (typeof value === "string") return scrubText(value) as T;
  if (Array.isArray(value)) return value.map(scrubPersonalData) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        PERSONAL_KEYS.test(key) ? "[removed]" : scrubPersonalData(inner as unknown),
      ]),
    ) as T;
  }
  return value;
};
