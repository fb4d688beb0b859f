import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createErrorStandin, standinDsn, STANDIN_ORIGIN, type ErrorStandin } from "../../scripts/error-standin/standin";
import { createDb } from "../db/client";
import { deadLetters } from "../db/schema";
import { runScheduled } from "../cron/schedule";
import worker from "../index";
import { call } from "../test/http";
import { wrappedD1 } from "../test/wrapped-d1";

const PERSONAL = "player.one@example.com token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";

/** A catalogue whose every query fails with a message that carries an address and a session token. */
const failingCatalogue = wrappedD1(env.DB, () => {
  const fail = () => {
    throw new Error(`D1_ERROR: no such row for ${PERSONAL}`);
  };
  return { prepare: fail, batch: fail };
});

const reportingEnv = (extra: Partial<Env> = {}): Env =>
  ({ ...env, SENTRY_DSN: standinDsn(STANDIN_ORIGIN), SENTRY_RELEASE: "0123abc", ...extra }) as Env;

let standin: ErrorStandin;
beforeEach(() => {
  standin = createErrorStandin();
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(STANDIN_ORIGIN) ? standin.handle(request) : realFetch(request);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const expectScrubbed = (raw: string) => {
  expect(raw).not.toContain("player.one@example.com");
  expect(raw).not.toContain("eyJhbGciOiJIUzI1NiJ9");
  expect(raw).not.toMatch(/"(cookie|authorization)"/i);
};

describe("error reports", () => {
  it("reports a route's unexpected failure with the release, environment, request id and route, scrubbed", async () => {
    const response = await call("/api/questions", {
      env: reportingEnv({ DB: failingCatalogue }),
      headers: { Cookie: "__Host-access=secret-session", Authorization: "Bearer secret-token" },
    });
    expect(response.status).toBe(500);
    const [event] = standin.received;
    expect(standin.received).toHaveLength(1);
    expect(event).toMatchObject({
      release: "0123abc",
      environment: "test",
      transaction: "GET /api/questions",
      tags: { place: "request", route: "/api/questions", request_id: response.headers.get("X-Request-Id") },
    });
    expect(event?.exception?.values[0]?.value).toContain("D1_ERROR: no such row for [email] token [token]");
    expectScrubbed(event!.raw);
    expect(event!.raw).not.toContain("secret-session");
    expect(event!.raw).not.toContain("secret-token");
  });

  it("reports nothing without a DSN, and nothing for an answer the route meant (a 404)", async () => {
    expect((await call("/api/questions", { env: { ...env, DB: failingCatalogue } })).status).toBe(500);
    expect((await call(`/api/questions/${crypto.randomUUID()}`, { env: reportingEnv() })).status).toBe(404);
    expect(standin.received).toEqual([]);
  });

  it("reports each failing cron job by name", async () => {
    const outcomes = await runScheduled("0 * * * *", reportingEnv({ DB: failingCatalogue }));
    const failed = Object.entries(outcomes).filter(([, outcome]) => JSON.stringify(outcome).includes("error"));
    expect(failed.length).toBeGreaterThan(0);
    expect(standin.received.map((event) => event.tags?.job).sort()).toEqual(failed.map(([job]) => job).sort());
    for (const event of standin.received) {
      expect(event.tags).toMatchObject({ place: "cron", cron: "0 * * * *" });
      expectScrubbed(event.raw);
    }
  });

  it("keeps a message that landed in a dead-letter queue, reports it once without its body, and acks it", async () => {
    const id = crypto.randomUUID();
    const body = { database: "DB", email: "player.one@example.com" };
    const deliver = async () => {
      const batch = createMessageBatch("pickstreak-dev-email-failed", [
        { id, timestamp: new Date(), attempts: 9, body },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, reportingEnv());
      return getQueueResult(batch, ctx);
    };
    expect((await deliver()).ackAll).toBe(true);
    // A redelivery of the same message is kept and reported once.
    await deliver();
    const kept = await createDb(env.DB).select().from(deadLetters).where(eq(deadLetters.id, id));
    expect(kept).toEqual([expect.objectContaining({ queue: "email", attempts: 9, body: JSON.stringify(body) })]);
    expect(standin.received).toHaveLength(1);
    expect(standin.received[0]).toMatchObject({ tags: { place: "dead-letter", queue: "email", attempts: "9" } });
    expect(standin.received[0]?.exception?.values[0]?.value).toBe("A email queue message ran out of retries");
    expectScrubbed(standin.received[0]!.raw);
  });

  describe("the browser's reports, relayed", () => {
    const envelope = (dsn: string, message: string) =>
      [
        JSON.stringify({ dsn, sent_at: new Date().toISOString() }),
        JSON.stringify({ type: "event" }),
        JSON.stringify({
          event_id: "9f2c1e0d7b8a4c3e9f2c1e0d7b8a4c3e",
          exception: { values: [{ type: "Error", value: message }] },
          user: { email: "player.one@example.com" },
          breadcrumbs: [{ message: "clicked Redeem for player.one@example.com" }],
        }),
        JSON.stringify({ type: "replay_event" }),
        JSON.stringify({ replay_id: "x" }),
      ].join("\n");
    const relay = (testEnv: Env, body: string) =>
      call("/api/error-reports", { method: "POST", env: testEnv, headers: { "Content-Type": "text/plain" }, body });

    it("tells the browser whether to load its reporter, and with which DSN and release", async () => {
      const on = await (await call("/api/error-reports", { env: reportingEnv() })).json();
      expect(on).toEqual({ enabled: true, dsn: standinDsn(STANDIN_ORIGIN), release: "0123abc", environment: "test" });
      const off = await (await call("/api/error-reports")).json();
      expect(off).toMatchObject({ enabled: false, dsn: null });
    });

    it("relays an envelope for this app's DSN, scrubbed again here, without other item types", async () => {
      const response = await relay(reportingEnv(), envelope(standinDsn(STANDIN_ORIGIN), PERSONAL));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ events: 1 });
      expect(standin.received).toHaveLength(1);
      expect(standin.received[0]?.exception?.values[0]?.value).toBe("[email] token [token]");
      expectScrubbed(standin.received[0]!.raw);
      expect(standin.received[0]!.raw).not.toContain("breadcrumbs");
    });

    it("relays for no other DSN, nothing when reports are off, and refuses what is not an envelope", async () => {
      const other = envelope("https://key@errors.example.net/7", "boom");
      expect((await relay(reportingEnv(), other)).status).toBe(403);
      expect((await relay(env, envelope(standinDsn(STANDIN_ORIGIN), "boom"))).status).toBe(404);
      expect((await relay(reportingEnv(), "not json")).status).toBe(400);
      expect(standin.received).toEqual([]);
    });
  });
});
