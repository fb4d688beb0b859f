import { isCountryCode, type CountryCode } from "#shared/countries";
import type { Settings } from "../env";

/**
 * The country Cloudflare's edge gives the request (`request.cf.country`), or null when it is missing or not a
 * country: XX (unknown) and T1 (Tor). Local workerd invents a fixed request.cf, so in development and tests the
 * CF-IPCountry header, when sent, stands in for it; in staging and production a client-sent header is ignored.
 */
export const edgeCountry = (settings: Settings, request: Request): CountryCode | null => {
  const local = settings.ENVIRONMENT === "development" || settings.ENVIRONMENT === "test";
  const header = local ? request.headers.get("CF-IPCountry") : null;
  const cfCountry = (request as { cf?: { country?: unknown } }).cf?.country;
  const country = (header ?? (typeof cfCountry === "string" ? cfCountry : "")).toUpperCase();
  return isCountryCode(country) ? country : null;
};
