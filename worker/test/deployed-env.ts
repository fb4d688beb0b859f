import { env } from "cloudflare:test";

/** Every setting production requires, with values that reach nothing: for tests of a deployed environment's behaviour. */
export const DEPLOYED_SETTINGS = {
  EMAIL_API_URL: "https://email.example/send",
  EMAIL_API_KEY: "key",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  EXCHANGE_RATES_URL: "https://rates.example/latest",
  VAPID_PUBLIC_KEY: "BDTxctW-tMIFRJ_IDStu--pGuaHGF9P-RXm5U_DOTGpa-ZYpju6TjmN6lhIGl7GqyginQh3DjpriSKzkYZQEyTk",
  VAPID_PRIVATE_KEY: "68ZCsYYwnQ-oKeNvd3-FDStb_upOaH6GMqgOCnZf0KE",
  VAPID_SUBJECT: "mailto:ops@pickstreak.example",
};

/** Production's environment; a setting given as "" is left out. */
export const productionEnv = (extra: Record<string, string> = {}) => {
  const settings = {
    ...env,
    ENVIRONMENT: "production",
    APP_URL: "https://pickstreak.example",
    ...DEPLOYED_SETTINGS,
    ...extra,
  };
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== "")) as unknown as Env;
};
