import * as z from "zod";

/** The project id in the DSN the app is given for the stand-in: `<url with a key>/1`. */
export const STANDIN_PROJECT = "1";
export const STANDIN_KEY = "standin";
/** The origin the worker tests give the app's DSN; they answer its requests with this code inside workerd. */
export const STANDIN_ORIGIN = "http://errors.standin.test";

export const standinDsn = (url: string) => {
  const { protocol, host } = new URL(url);
  return `${protocol}//${STANDIN_KEY}@${host}/${STANDIN_PROJECT}`;
};

/** What tests read of an event: the parts a Sentry-protocol server would show an operator. */
const eventSchema = z
  .object({
    event_id: z.string(),
    platform: z.string().optional(),
    release: z.string().optional(),
    environment: z.string().optional(),
    level: z.string().optional(),
    transaction: z.string().optional(),
    tags: z.record(z.string(), z.string()).optional(),
    exception: z
      .object({ values: z.array(z.object({ type: z.string().optional(), value: z.string().optional() }).loose()) })
      .optional(),
    message: z.unknown().optional(),
    request: z.object({ url: z.string().optional() }).loose().optional(),
  })
  .loose();
export type ReceivedEvent = z.infer<typeof eventSchema> & { raw: string };

/**
 * An envelope is newline-separated JSON: its header, then for each item a header and a payload. Only `event` items
 * are kept (sessions, client reports and the like are acknowledged and dropped), as the tests are about errors.
 */
const eventsOf = (envelope: string): ReceivedEvent[] => {
  const lines = envelope.split("\n");
  const events: ReceivedEvent[] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const item = z.object({ type: z.string() }).loose().safeParse(JSON.parse(lines[i]!));
    const payload = lines[i + 1]!;
    if (item.success && item.data.type === "event")
      events.push({ ...eventSchema.parse(JSON.parse(payload)), raw: payload });
  }
  return events;
};

/**
 * A Sentry-protocol server of our own for development and tests, written as a fetch handler: it takes envelopes at
 * `/api/<project>/envelope/` with the stand-in's key, as Sentry or GlitchTip do, and keeps their events for a test to
 * read at `/control/events` (or, inside workerd, from `received`).
 */
export const createErrorStandin = () => {
  const received: ReceivedEvent[] = [];
  return {
    received,
    async handle(request: Request): Promise<Response> {
      const { pathname, searchParams } = new URL(request.url);
      if (request.method === "GET" && pathname === "/control/events") return Response.json(received);
      if (request.method === "DELETE" && pathname === "/control/events") {
        received.length = 0;
        return new Response(null, { status: 204 });
      }
      if (request.method !== "POST" || pathname !== `/api/${STANDIN_PROJECT}/envelope/`) {
        return new Response("Not found", { status: 404 });
      }
      const envelope = await request.text();
      const header = z
        .object({ dsn: z.string().optional() })
        .loose()
        .parse(JSON.parse(envelope.split("\n")[0]!));
      const key = searchParams.get("sentry_key") ?? (header.dsn ? new URL(header.dsn).username : null);
      if (key !== STANDIN_KEY) return new Response("Unknown key", { status: 401 });
      received.push(...eventsOf(envelope));
      return Response.json({ id: received.at(-1)?.event_id ?? null });
    },
  };
};
export type ErrorStandin = ReturnType<typeof createErrorStandin>;
