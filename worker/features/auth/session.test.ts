import { env } from "cloudflare:test";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { REFRESH_REUSE_GRACE_MS } from "../../config";
import { responseCookies, sessionHeaders, signUpAndLogin } from "../../test/accounts";
import { apiClient, bodyAt, successOf } from "../../test/client";
import { shardOf } from "../../test/players";

const refresh = (refreshToken?: string) =>
  apiClient({ headers: refreshToken ? { Cookie: `__Host-refresh=${refreshToken}` } : {} }).auth.refresh.$post();

const meStatus = async (headers: Record<string, string>) => (await apiClient({ headers }).me.$get()).status;

const secret = new TextEncoder().encode(env.SESSION_SECRET);

const claimsOf = (token: string) => JSON.parse(atob(token.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/")));

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

describe("access tokens", () => {
  it("carry sub, sid, role, issuer and audience and last 15 minutes", async () => {
    const account = await signUpAndLogin("claims@example.com");
    const claims = claimsOf(account.accessToken);
    expect(claims).toMatchObject({
      sub: account.userId,
      sid: expect.any(String),
      role: "player",
      iss: "pickstreak",
      aud: "pickstreak",
    });
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it("are accepted from the cookie and from the Authorization header", async () => {
    const account = await signUpAndLogin("both@example.com");
    expect(await meStatus(account.cookies)).toBe(200);
    expect(await meStatus(account.bearer)).toBe(200);
  });

  it("are rejected when tampered with: alg none, wrong key, expired, wrong audience", async () => {
    const account = await signUpAndLogin("tamper@example.com");
    const claims = claimsOf(account.accessToken);
    const sign = (payload: object, key = secret) =>
      new SignJWT({ ...payload }).setProtectedHeader({ alg: "HS256" }).sign(key);
    const forged = [
      `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims)}.`,
      await sign(claims, new TextEncoder().encode("another-secret-another-secret-another-secret")),
      await sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }),
      await sign({ ...claims, aud: "someone-else" }),
      await sign({ ...claims, iss: "someone-else" }),
      `${account.accessToken.slice(0, -2)}xx`,
    ];
    expect(await meStatus({ Authorization: `Bearer ${await sign(claims)}` })).toBe(200);
    for (const token of forged) {
      const refused = await apiClient({ headers: { Authorization: `Bearer ${token}` } }).me.$get();
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: { code: "unauthorized", message: "Please log in to continue" } });
    }
  });
});

describe("POST /api/auth/refresh", () => {
  it("rotates the refresh token and issues a new access token", async () => {
    const account = await signUpAndLogin("rotate@example.com");
    const response = await refresh(account.refreshToken);
    expect(response.status).toBe(200);
    expect((await bodyAt(response, 200)).user.email).toBe("rotate@example.com");
    const cookies = responseCookies(response);
    expect(cookies["__Host-refresh"]).toBeTruthy();
    expect(cookies["__Host-refresh"]).not.toBe(account.refreshToken);
    expect(await meStatus({ Authorization: `Bearer ${cookies["__Host-access"]}` })).toBe(200);
  });

  it("revokes the whole session when a used refresh token comes back after the grace window", async () => {
    const account = await signUpAndLogin("reuse@example.com");
    const first = responseCookies(await refresh(account.refreshToken));
    await shardOf(account.userId)
      .prepare("UPDATE refresh_tokens SET used_at = used_at - ? WHERE used_at IS NOT NULL")
      .bind(REFRESH_REUSE_GRACE_MS + 1)
      .run();
    const replay = await refresh(account.refreshToken);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({
      error: { code: "unauthorized", message: "Your session has expired. Please log in again." },
    });
    expect(responseCookies(replay)["__Host-refresh"]).toBe("");
    // Everything issued in that session is dead now, including the newest pair.
    expect(await meStatus({ Authorization: `Bearer ${first["__Host-access"]}` })).toBe(401);
    expect((await refresh(first["__Host-refresh"])).status).toBe(401);
  });

  it("answers a second tab refreshing with the same token a moment later with an access token only", async () => {
    const account = await signUpAndLogin("two-tabs@example.com");
    const [one, two] = await Promise.all([refresh(account.refreshToken), refresh(account.refreshToken)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const issued = [responseCookies(one), responseCookies(two)];
    // Exactly one of them rotated the refresh cookie; the other left the browser's (new) one alone.
    expect(issued.filter((cookies) => cookies["__Host-refresh"]).length).toBe(1);
    const rotated = issued.find((cookies) => cookies["__Host-refresh"])!["__Host-refresh"]!;
    for (const cookies of issued)
      expect(await meStatus({ Authorization: `Bearer ${cookies["__Host-access"]}` })).toBe(200);
    expect((await refresh(rotated)).status).toBe(200);
  });

  it("answers 401 without a refresh cookie or with an unknown one", async () => {
    expect((await refresh()).status).toBe(401);
    expect((await refresh("made-up-token")).status).toBe(401);
  });

  it("refuses a refresh token of an expired session", async () => {
    const account = await signUpAndLogin("expired@example.com");
    await shardOf(account.userId)
      .prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, account.userId)
      .run();
    expect((await refresh(account.refreshToken)).status).toBe(401);
    expect(await meStatus(account.bearer)).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes every session of the user and clears the cookies", async () => {
    const phone = await signUpAndLogin("everywhere@example.com");
    const login = await apiClient().auth.login.$post({
      json: { email: "everywhere@example.com", password: "password123" },
    });
    const laptop = responseCookies(login);
    const response = await apiClient({ headers: phone.cookies }).auth.logout.$post();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const cleared = response.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith("__Host-access=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(cleared.some((c) => c.startsWith("__Host-refresh=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(await meStatus(phone.bearer)).toBe(401);
    expect(await meStatus(sessionHeaders(laptop["__Host-access"]!, laptop["__Host-refresh"]!))).toBe(401);
    expect((await refresh(laptop["__Host-refresh"])).status).toBe(401);
  });

  it("signs out with only the refresh cookie (expired access token)", async () => {
    const account = await signUpAndLogin("stale@example.com");
    await apiClient({ headers: { Cookie: `__Host-refresh=${account.refreshToken}` } }).auth.logout.$post();
    expect(await meStatus(account.bearer)).toBe(401);
  });

  it("always succeeds, even signed out", async () => {
    const { status, body } = await successOf(apiClient().auth.logout.$post());
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
  });
});
