import type { Settings } from "../../env";
import { AppError } from "../../lib/errors";

type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Local development and tests only, like the local Stripe keys: staging and production configure their own. */
const LOCAL_VAPID: VapidKeys = {
  publicKey: "BDTxctW-tMIFRJ_IDStu--pGuaHGF9P-RXm5U_DOTGpa-ZYpju6TjmN6lhIGl7GqyginQh3DjpriSKzkYZQEyTk",
  privateKey: "68ZCsYYwnQ-oKeNvd3-FDStb_upOaH6GMqgOCnZf0KE",
  subject: "mailto:push@pickstreak.local",
};

/** The origin our push stand-in's endpoints carry; only local environments accept or reach it. */
export const STANDIN_PUSH_ORIGIN = "https://push.standin.test";

/**
 * The push services browsers subscribe with (Chrome and Edge's FCM, Firefox's autopush, Safari's, Windows'). An
 * endpoint is a URL the worker will POST to, so anything else is refused rather than fetched.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

const isLocal = (settings: Settings) => settings.ENVIRONMENT === "development" || settings.ENVIRONMENT === "test";

export const vapidKeys = (settings: Settings): VapidKeys => {
  if (settings.VAPID_PUBLIC_KEY && settings.VAPID_PRIVATE_KEY && settings.VAPID_SUBJECT) {
    return {
      publicKey: settings.VAPID_PUBLIC_KEY,
      privateKey: settings.VAPID_PRIVATE_KEY,
      subject: settings.VAPID_SUBJECT,
    };
  }
  if (isLocal(settings)) return LOCAL_VAPID;
  throw new AppError("unavailable", "Notifications are not configured");
};

export const isPushEndpoint = (endpoint: string, settings: Settings) => {
  const url = new URL(endpoint);
  if (isLocal(settings) && url.origin === STANDIN_PUSH_ORIGIN) return true;
  return url.protocol === "https:" && url.port === "" && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
};

/**
 * Where a push request really goes. Encryption and the VAPID audience use the endpoint as the browser gave it; a
 * stand-in endpoint is delivered to the stand-in's local address (https cannot be served locally without a certificate).
 */
export const deliveryUrl = (endpoint: string, settings: Settings) => {
  const url = new URL(endpoint);
  if (url.origin !== STANDIN_PUSH_ORIGIN || !isLocal(settings) || !settings.PUSH_STANDIN_URL) return endpoint;
  return new URL(`${url.pathname}${url.search}`, settings.PUSH_STANDIN_URL).toString();
};
