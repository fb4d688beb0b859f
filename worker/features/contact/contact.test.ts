import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";

const valid = { name: "Sam", email: "sam@example.com", subject: "Hello", message: "<script>alert(1)</script> hi" };

describe("POST /api/contact", () => {
  it("stores the message exactly as sent", async () => {
    const { status, body } = await successOf(apiClient().contact.$post({ json: valid }));
    expect(status).toBe(201);
    const row = await env.DB.prepare("SELECT name, email, subject, message FROM contact_messages WHERE id = ?")
      .bind(body.id)
      .first();
    expect(row).toEqual(valid);
  });

  it.each([
    [{ ...valid, name: "  " }, "Name is required"],
    [{ ...valid, email: "not-an-email" }, "Please enter a valid email address"],
    [{ ...valid, subject: undefined }, "Subject is required"],
    [{ ...valid, message: "" }, "Message is required"],
  ])("rejects %o with its message and writes nothing", async (input, message) => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM contact_messages").first<{ n: number }>();
    // One of these bodies lacks a field the route's types require, so they go untyped.
    const { status, body } = await callJson("/api/contact", { method: "POST", json: input });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { message } });
    const after = await env.DB.prepare("SELECT count(*) AS n FROM contact_messages").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("limits messages to 10 an hour per IP", async () => {
    const contact = apiClient({ headers: { "CF-Connecting-IP": "203.0.113.50" } }).contact;
    for (let i = 0; i < 10; i++) {
      expect((await contact.$post({ json: valid })).status).toBe(201);
    }
    const limited = await contact.$post({ json: valid });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { code: "rate_limited", message: "Too many requests. Please try again later." },
    });
  });
});
