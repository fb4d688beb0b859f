import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signUp, tokenFromLatestEmail } from "../../test/accounts";
import { apiClient, bodyAt } from "../../test/client";
import { inEveryTestShard } from "../../test/players";

const confirm = (token: string) => apiClient().auth.confirm.$post({ json: { token } });

const INVALID = { code: "invalid_token", message: "This link is invalid or has expired." };

describe("POST /api/auth/confirm", () => {
  it("confirms the address, signs in with __Host- cookies and works once", async () => {
    await signUp("confirm@example.com");
    const token = await tokenFromLatestEmail("confirm@example.com", "confirm");
    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect((await bodyAt(first, 200)).user).toMatchObject({ email: "confirm@example.com", role: "player" });

    const setCookies = first.headers.getSetCookie();
    for (const name of ["__Host-access", "__Host-refresh"]) {
      const line = setCookies.find((cookie) => cookie.startsWith(`${name}=`));
      expect(line).toBeDefined();
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/Domain=/);
    }
    const row = await env.DB.prepare(
      "SELECT email_confirmed_at FROM users WHERE email = 'confirm@example.com'",
    ).first();
    expect(row?.email_confirmed_at).toEqual(expect.any(Number));

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: INVALID });
  });

  it("signs in to no account confirmed since the link was sent", async () => {
    await signUp("confirmed-since@example.com");
    const token = await tokenFromLatestEmail("confirmed-since@example.com", "confirm");
    await env.DB.prepare("UPDATE users SET email_confirmed_at = ? WHERE email = 'confirmed-since@example.com'")
      .bind(Date.now())
      .run();
    const late = await confirm(token);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: INVALID });
  });

  it("refuses an expired link", async () => {
    await signUp("late@example.com");
    const token = await tokenFromLatestEmail("late@example.com", "confirm");
    await inEveryTestShard("UPDATE auth_tokens SET expires_at = ? WHERE used_at IS NULL", Date.now() - 1);
    const late = await confirm(token);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: INVALID });
  });

  it("refuses an unknown or empty token", async () => {
    expect(await (await confirm("made-up")).json()).toEqual({ error: INVALID });
    const empty = await confirm("");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { message: INVALID.message } });
  });

  it("does not accept a password-reset token", async () => {
    await signUp("mixed@example.com");
    await apiClient().auth["password-reset"].$post({ json: { email: "mixed@example.com" } });
    const resetToken = await tokenFromLatestEmail("mixed@example.com", "token");
    expect((await confirm(resetToken)).status).toBe(400);
  });
});
