import { describe, expect, it } from "vitest";
import { outboxFor, signUp, signUpAndLogin, tokenFromLatestEmail } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { inEveryTestShard } from "../../test/players";

const requestReset = (email: string, headers: Record<string, string> = {}) =>
  apiClient({ headers }).auth["password-reset"].$post({ json: { email } });

const complete = (token: string, password = "brand-new-password") =>
  apiClient().auth["password-reset"].complete.$post({ json: { token, password } });

const login = (email: string, password: string) => apiClient().auth.login.$post({ json: { email, password } });

const INVALID = { code: "invalid_token", message: "This link is invalid or has expired." };

describe("POST /api/auth/password-reset", () => {
  it("emails a reset link to a known address and answers an unknown one identically", async () => {
    await signUpAndLogin("forgetful@example.com");
    const known = await successOf(requestReset("forgetful@example.com"));
    const unknown = await successOf(requestReset("stranger@example.com"));
    expect({ status: known.status, body: known.body }).toEqual({ status: 200, body: { ok: true } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 200, body: { ok: true } });
    const [email] = await outboxFor("forgetful@example.com");
    expect(email?.subject).toBe("Reset your Pickstreak password");
    expect(email?.text).toMatch(/http:\/\/localhost:8787\/password-reset\?token=\d{1,4}\.[\w-]{43}/);
    expect(await outboxFor("stranger@example.com")).toEqual([]);
  });

  it("validates the email", async () => {
    const refused = await requestReset("");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: "Please enter a valid email address" } });
  });

  it("limits requests per IP", async () => {
    const headers = { "CF-Connecting-IP": "192.0.2.44" };
    for (let i = 0; i < 20; i++) await requestReset("x@example.com", headers);
    const over = await requestReset("x@example.com", headers);
    expect(over.status).toBe(429);
  });
});

describe("POST /api/auth/password-reset/complete", () => {
  it("sets the new password once, and signs out every session", async () => {
    const account = await signUpAndLogin("resetter@example.com");
    await requestReset("resetter@example.com");
    const token = await tokenFromLatestEmail("resetter@example.com", "token");

    const done = await successOf(complete(token));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true });
    expect((await apiClient({ headers: account.bearer }).me.$get()).status).toBe(401);
    expect((await login("resetter@example.com", "password123")).status).toBe(401);
    expect((await login("resetter@example.com", "brand-new-password")).status).toBe(200);

    const again = await complete(token, "yet-another-password");
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: INVALID });
    expect((await login("resetter@example.com", "brand-new-password")).status).toBe(200);
  });

  it("only honours the newest link and expires after 60 minutes", async () => {
    await signUpAndLogin("twolinks@example.com");
    await requestReset("twolinks@example.com");
    const older = await tokenFromLatestEmail("twolinks@example.com", "token");
    await requestReset("twolinks@example.com");
    const newer = await tokenFromLatestEmail("twolinks@example.com", "token");
    expect(await (await complete(older)).json()).toEqual({ error: INVALID });

    const ttls = await inEveryTestShard(
      "SELECT expires_at - created_at FROM auth_tokens WHERE purpose = 'password_reset' AND used_at IS NULL",
    );
    // Every unused reset link lives an hour, the newer one among them.
    expect(new Set(ttls.flat(2))).toEqual(new Set([60 * 60 * 1000]));
    await inEveryTestShard("UPDATE auth_tokens SET expires_at = ? WHERE purpose = 'password_reset'", Date.now());
    expect(await (await complete(newer)).json()).toEqual({ error: INVALID });
  });

  it("confirms an unconfirmed address, since the link proves it", async () => {
    await signUp("unconfirmed@example.com");
    await requestReset("unconfirmed@example.com");
    await complete(await tokenFromLatestEmail("unconfirmed@example.com", "token"));
    expect((await login("unconfirmed@example.com", "brand-new-password")).status).toBe(200);
  });

  it("validates the new password", async () => {
    const refused = await complete("some-token", "12345");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: "Password must be at least 6 characters" } });
  });
});
