import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { outboxFor, signUp, signUpAndLogin, tokenFromLatestEmail } from "../../test/accounts";
import { callJson } from "../../test/http";

const requestReset = (email: string) => callJson("/api/auth/password-reset", { method: "POST", json: { email } });

const complete = (token: string, password = "brand-new-password") =>
  callJson<{ ok?: true; error?: { code: string; message: string } }>("/api/auth/password-reset/complete", {
    method: "POST",
    json: { token, password },
  });

const login = (email: string, password: string) =>
  callJson("/api/auth/login", { method: "POST", json: { email, password } });

const INVALID = { code: "invalid_token", message: "This link is invalid or has expired." };

describe("POST /api/auth/password-reset", () => {
  it("emails a reset link to a known address and answers an unknown one identically", async () => {
    await signUpAndLogin("forgetful@example.com");
    const known = await requestReset("forgetful@example.com");
    const unknown = await requestReset("stranger@example.com");
    expect({ status: known.status, body: known.body }).toEqual({ status: 200, body: { ok: true } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 200, body: { ok: true } });
    const [email] = await outboxFor("forgetful@example.com");
    expect(email?.subject).toBe("Reset your Pickstreak password");
    expect(email?.text).toMatch(/http:\/\/localhost:8787\/password-reset\?token=[\w-]{43}/);
    expect(await outboxFor("stranger@example.com")).toEqual([]);
  });

  it("validates the email", async () => {
    const { status, body } = await callJson<{ error: { message: string } }>("/api/auth/password-reset", {
      method: "POST",
      json: { email: "" },
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe("Please enter a valid email address");
  });

  it("limits requests per IP", async () => {
    const headers = { "CF-Connecting-IP": "192.0.2.44" };
    for (let i = 0; i < 20; i++) {
      await callJson("/api/auth/password-reset", { method: "POST", headers, json: { email: "x@example.com" } });
    }
    const over = await callJson("/api/auth/password-reset", { method: "POST", headers, json: { email: "x@example.com" } });
    expect(over.status).toBe(429);
  });
});

describe("POST /api/auth/password-reset/complete", () => {
  it("sets the new password once, and signs out every session", async () => {
    const account = await signUpAndLogin("resetter@example.com");
    await requestReset("resetter@example.com");
    const token = await tokenFromLatestEmail("resetter@example.com", "token");

    const done = await complete(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true });
    expect((await callJson("/api/me", { headers: account.bearer })).status).toBe(401);
    expect((await login("resetter@example.com", "password123")).status).toBe(401);
    expect((await login("resetter@example.com", "brand-new-password")).status).toBe(200);

    const again = await complete(token, "yet-another-password");
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual(INVALID);
    expect((await login("resetter@example.com", "brand-new-password")).status).toBe(200);
  });

  it("only honours the newest link and expires after 60 minutes", async () => {
    await signUpAndLogin("twolinks@example.com");
    await requestReset("twolinks@example.com");
    const older = await tokenFromLatestEmail("twolinks@example.com", "token");
    await requestReset("twolinks@example.com");
    const newer = await tokenFromLatestEmail("twolinks@example.com", "token");
    expect((await complete(older)).body.error).toEqual(INVALID);

    const ttl = await env.DB.prepare(
      "SELECT expires_at - created_at AS ttl FROM auth_tokens WHERE purpose = 'password_reset' AND used_at IS NULL",
    ).first();
    expect(ttl).toEqual({ ttl: 60 * 60 * 1000 });
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE purpose = 'password_reset'").bind(Date.now()).run();
    expect((await complete(newer)).body.error).toEqual(INVALID);
  });

  it("confirms an unconfirmed address, since the link proves it", async () => {
    await signUp("unconfirmed@example.com");
    await requestReset("unconfirmed@example.com");
    await complete(await tokenFromLatestEmail("unconfirmed@example.com", "token"));
    expect((await login("unconfirmed@example.com", "brand-new-password")).status).toBe(200);
  });

  it("validates the new password", async () => {
    const { status, body } = await complete("some-token", "12345");
    expect(status).toBe(400);
    expect(body.error?.message).toBe("Password must be at least 6 characters");
  });
});
