import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readSettings } from "../env";
import { productionEnv } from "../test/deployed-env";
import { outboxMailer } from "../features/dev/outbox-mailer";
import { createMailer } from "./mailer";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("mailer", () => {
  it("writes to the outbox in tests", async () => {
    await createMailer(readSettings(env), outboxMailer(env.DB)).send({
      to: "box@example.com",
      subject: "Hi",
      text: "Body",
      html: "<p>Body</p>",
    });
    const row = await env.DB.prepare(
      "SELECT subject, text, html FROM email_outbox WHERE to_email = 'box@example.com'",
    ).first();
    expect(row).toEqual({ subject: "Hi", text: "Body", html: "<p>Body</p>" });
  });

  it("posts both parts to the configured email API in production", async () => {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const settings = readSettings(
      productionEnv({ EMAIL_API_URL: "https://email.example/send", EMAIL_API_KEY: "k-123" }),
    );
    const email = { to: "user@example.com", subject: "Hello", text: "Text", html: "<p>Text</p>", key: "id-1" };
    await createMailer(settings, outboxMailer(env.DB)).send(email);
    expect(fetchMock).toHaveBeenCalledWith("https://email.example/send", {
      method: "POST",
      headers: { Authorization: "Bearer k-123", "Content-Type": "application/json", "Idempotency-Key": "id-1" },
      body: JSON.stringify({
        from: "Pickstreak <no-reply@pickstreak.example>",
        to: "user@example.com",
        subject: "Hello",
        html: "<p>Text</p>",
        text: "Text",
      }),
    });
  });

  it("posts the text alone for an email kept without an HTML part", async () => {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const settings = readSettings(
      productionEnv({ EMAIL_API_URL: "https://email.example/send", EMAIL_API_KEY: "k-123" }),
    );
    await createMailer(settings, outboxMailer(env.DB)).send({ to: "user@example.com", subject: "Hello", text: "Text" });
    expect(fetchMock).toHaveBeenCalledWith("https://email.example/send", {
      method: "POST",
      headers: { Authorization: "Bearer k-123", "Content-Type": "application/json" },
      body: JSON.stringify({
        from: "Pickstreak <no-reply@pickstreak.example>",
        to: "user@example.com",
        subject: "Hello",
        text: "Text",
      }),
    });
  });

  it("fails loudly when the email API refuses", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("nope", { status: 500 })),
    );
    const settings = readSettings(productionEnv({ EMAIL_API_URL: "https://email.example/send", EMAIL_API_KEY: "k" }));
    await expect(
      createMailer(settings, outboxMailer(env.DB)).send({ to: "a@example.com", subject: "s", text: "t" }),
    ).rejects.toThrow("Email API answered 500");
  });

  it("requires the email API settings in production", () => {
    expect(() => readSettings(productionEnv({ EMAIL_API_URL: "", EMAIL_API_KEY: "" }))).toThrow(
      /EMAIL_API_URL and EMAIL_API_KEY are required in production/,
    );
  });
});
