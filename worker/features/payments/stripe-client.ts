import Stripe from "stripe";
import { STRIPE_TIMEOUT_MS } from "../../config";
import type { Settings } from "../../env";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/log";

/** Local development and tests only: the stand-in and the worker tests use these unless told otherwise. */
export const LOCAL_STRIPE_SECRET_KEY = "sk_test_pickstreak_local";
export const LOCAL_STRIPE_WEBHOOK_SECRET = "whsec_pickstreak_local";

const isLocal = (settings: Settings) => settings.ENVIRONMENT === "development" || settings.ENVIRONMENT === "test";

const required = (value: string | undefined, local: string, settings: Settings) => {
  if (value) return value;
  // A public fallback secret would let anyone forge webhooks, so staging must configure its own like production.
  if (isLocal(settings)) return local;
  throw new AppError("unavailable", "Payments are not configured");
};

export const webhookSecret = (settings: Settings) =>
  required(settings.STRIPE_WEBHOOK_SECRET, LOCAL_STRIPE_WEBHOOK_SECRET, settings);

const clients = new WeakMap<Settings, Stripe>();

/**
 * One SDK client per parsed environment. Its fetch is looked up per call, so tests can stand in for the API;
 * host, port and protocol point it at the local stand-in in development.
 */
export const stripeFor = (settings: Settings): Stripe => {
  const existing = clients.get(settings);
  if (existing) return existing;
  const client = new Stripe(required(settings.STRIPE_SECRET_KEY, LOCAL_STRIPE_SECRET_KEY, settings), {
    httpClient: Stripe.createFetchHttpClient(((input, init) => fetch(input, init)) as typeof fetch),
    host: settings.STRIPE_API_HOST,
    port: settings.STRIPE_API_PORT,
    protocol: settings.STRIPE_API_PROTOCOL,
    maxNetworkRetries: 1,
    timeout: STRIPE_TIMEOUT_MS,
  });
  clients.set(settings, client);
  return client;
};

export const cryptoProvider: ReturnType<typeof Stripe.createSubtleCryptoProvider> = Stripe.createSubtleCryptoProvider();

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeError && error.statusCode === 404;

/** Stripe failures become our error shape: a missing object is a 404 with `notFound`, anything else a 503. */
export const callStripe = async <T>(work: () => Promise<T>, notFound = "Not found"): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isMissing(error)) throw new AppError("not_found", notFound);
    log("error", "stripe_call_failed", { error: String(error) });
    throw new AppError("unavailable", "Payment failed. Please try again.");
  }
};
