import * as z from "zod";
import { envelopeUrl, scrubEvent } from "../../lib/error-reports";
import { AppError } from "../../lib/errors";
import type { Settings } from "../../env";
import type { ErrorEvent } from "@sentry/cloudflare";

/** What the browser's SDK is told: whether to load at all, and how to label its reports. */
export const errorReportSettings = (settings: Settings) => ({
  enabled: Boolean(settings.SENTRY_DSN),
  dsn: settings.SENTRY_DSN ?? null,
  release: settings.SENTRY_RELEASE ?? null,
  environment: settings.ENVIRONMENT,
});

const envelopeHeaderSchema = z.object({ dsn: z.string() }).loose();
const itemHeaderSchema = z.object({ type: z.string() }).loose();
const eventSchema = z.object({ event_id: z.string() }).loose();

/** Item types a browser report may carry; anything else (replays, attachments, profiles) is dropped, never relayed. */
const RELAYED_ITEMS = new Set(["event", "client_report", "session", "sessions"]);

const parseLine = <T>(schema: z.ZodType<T>, line: string | undefined) => {
  try {
    return schema.parse(JSON.parse(line ?? ""));
  } catch {
    throw new AppError("bad_request", "Not an error report envelope");
  }
};

/**
 * Relays a browser's error report envelope to the error reports server: only for our own DSN (so the endpoint relays
 * for no one else), only the item types above, and every event scrubbed here again, whatever the browser did.
 */
export const relayEnvelope = async (settings: Settings, envelope: string) => {
  const dsn = settings.SENTRY_DSN;
  if (!dsn) throw new AppError("not_found", "Error reports are off");
  const [headerLine, ...itemLines] = envelope.split("\n");
  const header = parseLine(envelopeHeaderSchema, headerLine);
  if (header.dsn !== dsn) throw new AppError("forbidden", "Not this app's error reports");
  const relayed: string[] = [headerLine!];
  let events = 0;
  for (let i = 0; i + 1 < itemLines.length; i += 2) {
    const item = parseLine(itemHeaderSchema, itemLines[i]);
    if (!RELAYED_ITEMS.has(item.type)) continue;
    if (item.type === "event") {
      const event = scrubEvent(parseLine(eventSchema, itemLines[i + 1]) as unknown as ErrorEvent);
      const payload = JSON.stringify(event);
      relayed.push(JSON.stringify({ ...item, length: new TextEncoder().encode(payload).length }), payload);
      events += 1;
    } else {
      relayed.push(itemLines[i]!, itemLines[i + 1]!);
    }
  }
  const response = await fetch(envelopeUrl(dsn), { method: "POST", body: relayed.join("\n") });
  if (!response.ok) throw new AppError("unavailable", "The error reports server did not take the report");
  return { events };
};
