import { CloudflareClient, createTransport, Scope, type ErrorEvent } from "@sentry/cloudflare";
import { createStackParser, type BaseTransportOptions, type Transport } from "@sentry/core";
import { nodeStackLineParser } from "@sentry/core/server";
import { scrubPersonalData } from "#shared/personal-data";
import { readSettings, type Settings } from "../env";
import { log } from "./log";

/** Where an error happened: a request (its id and route template), a cron job, a queue or the live hub. */
export type ErrorPlace =
  | { kind: "request"; requestId?: string; route?: string; method?: string }
  | { kind: "cron"; job: string; cron: string }
  | { kind: "queue"; queue: string }
  | { kind: "dead-letter"; queue: string; attempts: number }
  | { kind: "live"; action: string };

/** Sentry's envelope endpoint for a DSN (`https://<key>@<host>/<project>`), as any Sentry-protocol server takes it. */
export const envelopeUrl = (dsn: string) => {
  const { protocol, host, pathname } = new URL(dsn);
  const project = pathname.replace(/^\/+|\/+$/g, "");
  return `${protocol}//${host}/api/${project}/envelope/`;
};

const fetchTransport = (options: BaseTransportOptions): Transport =>
  createTransport(options, async (request) => {
    const response = await fetch(options.url, { method: "POST", body: request.body as BodyInit });
    return {
      statusCode: response.status,
      headers: { "retry-after": response.headers.get("Retry-After"), "x-sentry-rate-limits": null },
    };
  });

/** Only what explains the failure leaves: the exception, the tags below, the route; never the request's data. */
export const scrubEvent = (event: ErrorEvent): ErrorEvent => ({
  ...event,
  user: undefined,
  request: event.request ? { method: event.request.method, url: scrubPersonalData(event.request.url) } : undefined,
  message: event.message === undefined ? undefined : scrubPersonalData(event.message),
  exception: scrubPersonalData(event.exception),
  breadcrumbs: undefined,
  extra: scrubPersonalData(event.extra),
});

const clients = new Map<string, CloudflareClient>();

const settingsOf = (env: Env): Settings | null => {
  try {
    return readSettings(env);
  } catch {
    // An environment that does not parse fails every request loudly already; its errors are in the logs.
    return null;
  }
};

const clientFor = (env: Env) => {
  const settings = settingsOf(env);
  const dsn = settings?.SENTRY_DSN;
  if (!settings || !dsn) return null;
  let client = clients.get(dsn);
  if (!client) {
    client = new CloudflareClient({
      dsn,
      release: settings.SENTRY_RELEASE,
      environment: settings.ENVIRONMENT,
      integrations: [],
      stackParser: createStackParser(nodeStackLineParser()),
      transport: fetchTransport,
      beforeSend: scrubEvent,
    });
    client.init();
    clients.set(dsn, client);
  }
  return client;
};

const tagsOf = (place: ErrorPlace): Record<string, string> => {
  const { kind, ...rest } = place;
  return Object.fromEntries(
    Object.entries({ place: kind, ...rest }).flatMap(([key, value]) =>
      value === undefined ? [] : [[key === "requestId" ? "request_id" : key, String(value)]],
    ),
  );
};

/**
 * Reports an unexpected error to the Sentry-protocol server SENTRY_DSN names (nothing when it is unset) and resolves
 * once it was handed over; callers pass the promise to waitUntil. A report that cannot be sent is logged, never thrown.
 */
export const reportError = async (env: Env, error: unknown, place: ErrorPlace): Promise<void> => {
  const client = clientFor(env);
  if (!client) return;
  const scope = new Scope();
  scope.setClient(client);
  scope.setTags(tagsOf(place));
  if (place.kind === "request" && place.route) scope.setTransactionName(`${place.method ?? ""} ${place.route}`.trim());
  scope.captureException(error);
  const sent = await client.flush(2_000);
  if (!sent) log("warn", "error_report_unsent", { place: place.kind });
};

/** The same for something that went wrong without an exception: a message that ran out of retries. */
export const reportProblem = (env: Env, message: string, place: ErrorPlace) =>
  reportError(env, new Error(message), place);
