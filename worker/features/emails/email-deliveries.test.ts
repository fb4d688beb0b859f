import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMAIL_SENDS } from "../../config";
import { dataContext } from "../../db/data-context";
import { readSettings } from "../../env";
import type { Email, Mailer } from "../../lib/mailer";
import { outboxFor, signUp } from "../../test/accounts";
import { productionEnv } from "../../test/deployed-env";
import { createPlayer } from "../../test/players";
import { queueEmail, sendDueEmails } from "./email-deliveries";
import { sendWaitingEmails } from "./email-sends";

const waiting = (userId: string) =>
  env.DB.prepare("SELECT id, attempts, next_attempt_at FROM email_deliveries WHERE user_id = ?")
    .bind(userId)
    .all<{ id: string; attempts: number; next_attempt_at: number }>()
    .then(({ results }) => results);

const keep = async (userId: string, email: Email, now: number) => queueEmail(env.DB, userId, email, now).run();

const failingMailer: Mailer = {
  send: async () => {
    throw new Error("Email API answered 503");
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("emails kept with what they tell of", () => {
  it("sends a committed email whose kick never reached the queue at the minute's sweep", async () => {
    const lostQueue = {
      send: async () => Promise.reject(new Error("queue unavailable")),
      sendBatch: async () => Promise.reject(new Error("queue unavailable")),
    } as unknown as Queue;
    const response = await signUp("kick.lost@example.com", { env: { ...env, EMAIL_QUEUE: lostQueue } });
    expect(response.status).toBe(201);
    expect(await outboxFor("kick.lost@example.com")).toEqual([]);

    await sendWaitingEmails(dataContext(env), readSettings(env), Date.now());
    expect(await outboxFor("kick.lost@example.com")).toEqual([
      expect.objectContaining({ subject: expect.stringContaining("Confirm") }),
    ]);
    // Kept with its HTML part, which went out with the text.
    const html = await env.DB.prepare("SELECT html FROM email_outbox WHERE to_email = ?")
      .bind("kick.lost@example.com")
      .first<string>("html");
    expect(html).toContain(">Confirm your email</span>");
  });

  it("keeps an email whose send failed after its commit, and the sweep sends it once its retry is due", async () => {
    const userId = await createPlayer();
    const now = Date.now();
    await keep(userId, { to: "retry.me@example.com", subject: "Later", text: "Body" }, now);

    expect(await sendDueEmails(env.DB, failingMailer, now)).toMatchObject({ sent: 0, retried: 1 });
    const [kept] = await waiting(userId);
    expect(kept).toMatchObject({ attempts: 1, next_attempt_at: now + EMAIL_SENDS.firstRetryMs });

    // Not due yet: nothing happens a moment later.
    await sendWaitingEmails(dataContext(env), readSettings(env), now + 1_000);
    expect(await outboxFor("retry.me@example.com")).toEqual([]);

    await sendWaitingEmails(dataContext(env), readSettings(env), now + EMAIL_SENDS.firstRetryMs);
    expect(await outboxFor("retry.me@example.com")).toHaveLength(1);
    expect(await waiting(userId)).toEqual([]);
  });

  it("gives an email up after its last try, with an error logged", async () => {
    const userId = await createPlayer();
    const now = Date.now();
    await keep(userId, { to: "never@example.com", subject: "Never", text: "Body" }, now);
    await env.DB.prepare("UPDATE email_deliveries SET attempts = ? WHERE user_id = ?")
      .bind(EMAIL_SENDS.maxAttempts - 1, userId)
      .run();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await sendDueEmails(env.DB, failingMailer, now)).toMatchObject({ dropped: 1 });
    expect(errors.mock.calls.flat().join(" ")).toContain("email_dropped");
    expect(await waiting(userId)).toEqual([]);
    errors.mockRestore();
  });

  it("sends each email once when two passes run at once", async () => {
    const userId = await createPlayer();
    const now = Date.now();
    for (let i = 0; i < 5; i++) await keep(userId, { to: `twice${i}@example.com`, subject: "Once", text: "Body" }, now);
    const sent: string[] = [];
    const counting: Mailer = { send: async (email) => void sent.push(email.to) };
    await Promise.all([sendDueEmails(env.DB, counting, now), sendDueEmails(env.DB, counting, now)]);
    expect(sent.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `twice${i}@example.com`));
  });

  it("sends both parts, keyed at the email API with the email's id so a send repeated after a crash goes out once", async () => {
    const userId = await createPlayer();
    const now = Date.now();
    await keep(userId, { to: "keyed@example.com", subject: "Keyed", text: "Body", html: "<p>Body</p>" }, now);
    const [kept] = await waiting(userId);
    const api = vi.fn(async (_url: string, _init: RequestInit) => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", api);
    const production = productionEnv({ EMAIL_API_URL: "https://email.example/send", EMAIL_API_KEY: "k" });
    await sendWaitingEmails(dataContext(env), readSettings(production), now);
    expect(api).toHaveBeenCalledOnce();
    expect(new Headers(api.mock.calls[0]![1].headers).get("Idempotency-Key")).toBe(kept!.id);
    expect(JSON.parse(String(api.mock.calls[0]![1].body))).toMatchObject({ text: "Body", html: "<p>Body</p>" });
    expect(await waiting(userId)).toEqual([]);
  });
});
