import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { responseCookies, signUp, signUpAndLogin } from "../../test/accounts";
import { apiClient, bodyAt, successOf } from "../../test/client";

const login = (email: string, password: string, ip?: string) =>
  apiClient({ headers: ip ? { "CF-Connecting-IP": ip } : {} }).auth.login.$post({ json: { email, password } });

const INVALID = { code: "invalid_credentials", message: "Invalid email or password" };

describe("POST /api/auth/login", () => {
  it("refuses an unconfirmed account with 403 once the password is right", async () => {
    await signUp("early@example.com");
    const early = await login("early@example.com", "password123");
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({
      error: { code: "email_not_confirmed", message: "Please confirm your email address before signing in." },
    });
    expect(await (await login("early@example.com", "wrong-password")).json()).toEqual({ error: INVALID });
  });

  it("signs a confirmed account in with session cookies", async () => {
    await signUpAndLogin("player1@example.com");
    const response = await login("PLAYER1@example.com", "password123");
    expect(response.status).toBe(200);
    expect((await bodyAt(response, 200)).user).toMatchObject({ email: "player1@example.com", role: "player" });
    const cookies = responseCookies(response);
    expect(cookies["__Host-access"]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cookies["__Host-refresh"]).toMatch(/^\d{1,4}\.[\w-]{43}$/);
    const me = await apiClient({ headers: { Authorization: `Bearer ${cookies["__Host-access"]}` } }).me.$get();
    expect(me.status).toBe(200);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    await signUpAndLogin("known@example.com");
    const wrong = await login("known@example.com", "not-the-password");
    const unknown = await login("unknown@example.com", "not-the-password");
    expect(wrong.status).toBe(401);
    const wrongBody = await wrong.json();
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({ status: wrong.status, body: wrongBody });
    expect(wrongBody).toEqual({ error: INVALID });
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    [{ email: "bad", password: "password123" }, "Please enter a valid email address"],
    [{ email: "a@example.com", password: "short" }, "Password must be at least 6 characters"],
  ])("validates %o", async ({ email, password }, message) => {
    const refused = await login(email, password);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message } });
  });

  it("makes an ADMIN_EMAILS account an admin when it signs in", async () => {
    await signUpAndLogin("admin@example.com");
    await env.DB.prepare("UPDATE users SET role = 'player' WHERE email = 'admin@example.com'").run();
    const { body } = await successOf(login("admin@example.com", "password123"));
    expect(body.user.role).toBe("admin");
    const row = await env.DB.prepare("SELECT role FROM users WHERE email = 'admin@example.com'").first();
    expect(row).toEqual({ role: "admin" });
  });

  it("stops an account after 100 failed sign-ins an hour, whatever the IP, and the right password too", async () => {
    await signUpAndLogin("target@example.com");
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 99)")
      .bind("login:account:target@example.com", Date.now())
      .run();
    expect((await login("target@example.com", "guess-100")).status).toBe(401);
    const over = await login("target@example.com", "password123");
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({
      error: { code: "rate_limited", message: "Too many requests. Please try again later." },
    });
    // The same limit applies to an address nobody owns, so a 429 tells nothing about registration.
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 100)")
      .bind("login:account:ghost@example.com", Date.now())
      .run();
    expect((await login("ghost@example.com", "password123")).status).toBe(429);
  });

  it("opens the account again once the hour has passed", async () => {
    await signUpAndLogin("patient@example.com");
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 500)")
      .bind("login:account:patient@example.com", Date.now() - 60 * 60 * 1000)
      .run();
    expect((await login("patient@example.com", "password123")).status).toBe(200);
  });

  it("limits failed sign-ins per IP", async () => {
    const ip = "198.51.100.9";
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 300)")
      .bind(`login:ip:${ip}`, Date.now())
      .run();
    expect((await login("someone@example.com", "password123", ip)).status).toBe(429);
    expect((await login("someone@example.com", "password123", "198.51.100.10")).status).toBe(401);
  });

  it("does not count a successful sign-in as a failure", async () => {
    await signUpAndLogin("counted@example.com");
    await login("counted@example.com", "wrong-password");
    await login("counted@example.com", "password123");
    const row = await env.DB.prepare(
      "SELECT count FROM rate_limits WHERE key = 'login:account:counted@example.com'",
    ).first();
    expect(row).toEqual({ count: 1 });
  });
});
