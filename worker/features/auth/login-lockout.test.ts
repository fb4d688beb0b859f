import { env } from "cloudflare:test";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../config";
import { DEFAULT_PASSWORD, signUpAndLogin, tokenFromLatestEmail } from "../../test/accounts";
import { apiClient, bodyAt } from "../../test/client";

const DEVICE = "__Host-device";

const login = (email: string, password: string, { device, ip }: { device?: string; ip?: string } = {}) => {
  const headers: Record<string, string> = {};
  if (device) headers.Cookie = `${DEVICE}=${device}`;
  if (ip) headers["CF-Connecting-IP"] = ip;
  return apiClient({ headers }).auth.login.$post({ json: { email, password } });
};

const deviceLine = (response: { headers: Headers }) =>
  response.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE}=`));

/** Signs in with the right password and returns the device cookie that sign-in hands the browser. */
const knownDevice = async (email: string) => {
  const response = await login(email, DEFAULT_PASSWORD);
  expect(response.status).toBe(200);
  const value = deviceLine(response)
    ?.split(";")[0]
    ?.slice(DEVICE.length + 1);
  if (!value) throw new Error("no device cookie");
  return value;
};

/** What 100 wrong passwords from rotating IPs leave behind. */
const lockAccount = (email: string) =>
  env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
    .bind(`login:account:${email}`, Date.now(), RATE_LIMITS.loginPerAccount.limit)
    .run();

const count = async (key: string) =>
  (await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?").bind(key).first<{ count: number }>())?.count ??
  0;

describe("sign-in lock-out with device cookies", () => {
  it("hands a signed-in browser a long-lived HttpOnly, Secure, SameSite device cookie naming the account", async () => {
    const owner = await signUpAndLogin("device-issue@example.com");
    const response = await login(owner.email, DEFAULT_PASSWORD);
    const line = deviceLine(response) ?? "";
    expect(line).toMatch(/; Max-Age=31536000/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; SameSite=Lax/);
    const claims = JSON.parse(atob(line.split(";")[0]!.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/")));
    expect(claims).toMatchObject({ sub: owner.userId, jti: expect.any(String), aud: "pickstreak-device" });
    expect((await login(owner.email, "wrong-password")).headers.getSetCookie()).toEqual([]);
  });

  it("lets a known browser sign in while guessing from elsewhere has locked the account", async () => {
    const owner = await signUpAndLogin("device-owner@example.com");
    const device = await knownDevice(owner.email);
    await lockAccount(owner.email);
    expect((await login(owner.email, DEFAULT_PASSWORD)).status).toBe(429);
    const known = await login(owner.email, DEFAULT_PASSWORD, { device });
    expect(known.status).toBe(200);
    expect((await bodyAt(known, 200)).user.email).toBe(owner.email);
    expect(deviceLine(known)).toBeDefined();
  });

  it("locks out a known browser that fails too often, and only that browser", async () => {
    const owner = await signUpAndLogin("device-guesser@example.com");
    const [noisy, other] = [await knownDevice(owner.email), await knownDevice(owner.email)];
    for (let i = 0; i < RATE_LIMITS.loginPerDevice.limit; i++) {
      expect((await login(owner.email, `guess-${i}`, { device: noisy })).status).toBe(401);
    }
    const locked = await login(owner.email, DEFAULT_PASSWORD, { device: noisy });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({
      error: { code: "rate_limited", message: "Too many requests. Please try again later." },
    });
    expect((await login(owner.email, DEFAULT_PASSWORD, { device: other })).status).toBe(200);
    // A known browser's failures are its own: they do not count towards locking the account for everyone else.
    expect(await count(`login:account:${owner.email}`)).toBe(0);
    expect((await login(owner.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it("treats a forged, foreign or outdated device cookie as an unknown browser", async () => {
    const owner = await signUpAndLogin("device-forged@example.com");
    const stranger = await signUpAndLogin("device-stranger@example.com");
    const own = await knownDevice(owner.email);
    const foreign = await knownDevice(stranger.email);
    const claims = JSON.parse(atob(own.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/")));
    // Signed with the session secret itself (the access-token key), not the derived device key.
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(env.SESSION_SECRET));

    await apiClient().auth["password-reset"].$post({ json: { email: owner.email } });
    const token = await tokenFromLatestEmail(owner.email, "token");
    const reset = await apiClient().auth["password-reset"].complete.$post({
      json: { token, password: DEFAULT_PASSWORD },
    });
    expect(reset.status).toBe(200);
    await lockAccount(owner.email);

    for (const device of [foreign, wrongKey, `${own.slice(0, -2)}xx`, own]) {
      expect((await login(owner.email, DEFAULT_PASSWORD, { device })).status).toBe(429);
    }
  });

  it("keeps the per-IP limit for known browsers too", async () => {
    const owner = await signUpAndLogin("device-ip@example.com");
    const device = await knownDevice(owner.email);
    const ip = "198.51.100.44";
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`login:ip:${ip}`, Date.now(), RATE_LIMITS.loginPerIp.limit)
      .run();
    expect((await login(owner.email, DEFAULT_PASSWORD, { device, ip })).status).toBe(429);
  });
});
