import * as z from "zod";
import type { Settings } from "../../env";
import { recordedRequestsSince } from "../../lib/metrics";
import { log } from "../../lib/log";

const HOUR_MS = 60 * 60 * 1000;
export const STRIPE_WEBHOOK_ROUTE = "/api/stripe/webhook";

export type RequestHealth = {
  /** Requests answered in the last hour, those answered 5xx, and Stripe webhook deliveries we refused or failed. */
  requests: number;
  errors: number;
  webhookFailures: number;
  /** Where the counts come from: the metrics dataset's SQL API, this isolate's recorder, or nowhere (not set up). */
  source: "analytics" | "recorder" | "unavailable";
};

const sqlAnswerSchema = z.object({
  data: z.array(
    z.object({ requests: z.coerce.number(), errors: z.coerce.number(), webhookFailures: z.coerce.number() }),
  ),
});

/** The last hour of requests from the metrics dataset, as Analytics Engine's SQL API answers. */
const fromAnalytics = async (accountId: string, token: string, dataset: string): Promise<RequestHealth> => {
  const query = `SELECT SUM(_sample_interval) AS requests,
      SUM(IF(double1 >= 500, _sample_interval, 0)) AS errors,
      SUM(IF(blob2 = '${STRIPE_WEBHOOK_ROUTE}' AND double1 >= 400, _sample_interval, 0)) AS webhookFailures
    FROM ${dataset} WHERE blob1 = 'request' AND timestamp > NOW() - INTERVAL '1' HOUR FORMAT JSON`;
  try {
    const response = await fetch(`https://api.cloudflare.com/client/v4/accounts/${accountId}/analytics_engine/sql`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: query,
    });
    const [row] = sqlAnswerSchema.parse(await response.json()).data;
    return {
      requests: row?.requests ?? 0,
      errors: row?.errors ?? 0,
      webhookFailures: row?.webhookFailures ?? 0,
      source: "analytics",
    };
  } catch (error) {
    log("warn", "request_health_unavailable", { error: String(error) });
    return { requests: 0, errors: 0, webhookFailures: 0, source: "unavailable" };
  }
};

/**
 * The error rate and webhook failures of the last hour. Production reads its own metrics through Analytics Engine's
 * SQL API (ANALYTICS_ACCOUNT_ID, ANALYTICS_API_TOKEN); without them, locally, the recorder that took the points.
 */
export const readRequestHealth = (settings: Settings, now: number): Promise<RequestHealth> => {
  const { ANALYTICS_ACCOUNT_ID: accountId, ANALYTICS_API_TOKEN: token, METRICS_DATASET: dataset } = settings;
  if (accountId && token) return fromAnalytics(accountId, token, dataset);
  const recent = recordedRequestsSince(now - HOUR_MS);
  return Promise.resolve({
    requests: recent.length,
    errors: recent.filter((request) => request.status >= 500).length,
    webhookFailures: recent.filter((request) => request.route === STRIPE_WEBHOOK_ROUTE && request.status >= 400).length,
    source: "recorder",
  });
};
