import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, callJson } from "../test/http";
import { signedInPlayer } from "../test/sessions";

type Document = { paths: Record<string, Record<string, { operationId: string; responses: object }>> };

/** Fills a limiter's window, as that many requests would have. */
const exhaust = (key: string) =>
  env.DB.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1000000)
     ON CONFLICT(key) DO UPDATE SET window_start = ?2, count = 1000000`,
  )
    .bind(key, Date.now())
    .run();

let addresses = 0;
/** An address of the driver's own, so no two drivers share a limiter. */
const freshIp = () => `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** `route` is "METHOD /path". */
const send = (route: string, ip: string, json: unknown, headers: Record<string, string> = {}) => {
  const [method, path] = route.split(" ") as [string, string];
  return call(path, { method, json, headers: { ...headers, "CF-Connecting-IP": ip } });
};

/** Limited by the client's address: the limiter runs before anything reads the body. */
const byIp =
  (action: string, route: string, json: unknown, signedIn = false) =>
  async () => {
    const ip = freshIp();
    await exhaust(`${action}:ip:${ip}`);
    const headers = signedIn ? (await signedInPlayer()).bearer : {};
    return send(route, ip, json, headers);
  };

/** Limited per player: a valid request from a signed-in player whose window is full. */
const byPlayer = (action: string, route: string, json: unknown) => async () => {
  const player = await signedInPlayer(100);
  await exhaust(`${action}:user:${player.userId}`);
  return send(route, freshIp(), json, player.bearer);
};

const EMAIL = { email: "limited@example.com" };

/** How to drive each rate-limited operation over its limit. */
const DRIVERS: Record<string, () => Promise<Response>> = {
  signUp: byIp("signup", "POST /api/auth/signup", {
    ...EMAIL,
    password: "password123",
    country: "US",
    ageConfirmed: true,
  }),
  resendConfirmation: byIp("resend-confirmation", "POST /api/auth/resend-confirmation", EMAIL),
  signIn: byIp("login", "POST /api/auth/login", { ...EMAIL, password: "password123" }),
  requestPasswordReset: byIp("password-reset", "POST /api/auth/password-reset", EMAIL),
  completePasswordReset: byIp("password-reset-complete", "POST /api/auth/password-reset/complete", {
    token: "t",
    password: "password123",
  }),
  changePassword: byIp(
    "password-change",
    "POST /api/me/password",
    { currentPassword: "password123", newPassword: "password456" },
    true,
  ),
  deleteMe: byIp("account-delete", "DELETE /api/me", { password: "password123" }, true),
  sendContactMessage: byIp("contact", "POST /api/contact", { name: "N", ...EMAIL, subject: "S", message: "M" }),
  relayErrorReport: byIp("error-reports", "POST /api/error-reports", {}),
  createCheckout: byPlayer("checkout", "POST /api/payments/checkout", { credits: 100 }),
  redeemPromoCode: byPlayer("promo", "POST /api/promo-codes/redeem", { code: "WELCOME" }),
  challengeResult: byPlayer("score-feed-challenge", "POST /api/score-feed/challenges", {
    questionId: "q",
    reason: "The score was corrected",
  }),
};

/** Limited by something a counter cannot stand in for; their own tests drive them over it (and assert the header). */
const DRIVEN_ELSEWHERE = {
  getShareCard: "worker/features/share/share.test.ts",
  openLiveSocket: "worker/features/live/live-limits.test.ts",
};

describe("every 429", () => {
  it("carries Retry-After: the seconds until the limit's window restarts", async () => {
    const { body: document } = await callJson<Document>("/api/openapi.json");
    const limited = Object.values(document.paths)
      .flatMap((pathItem) => Object.values(pathItem))
      .filter((operation) => "429" in operation.responses)
      .map((operation) => operation.operationId);
    expect(limited.sort()).toEqual([...Object.keys(DRIVERS), ...Object.keys(DRIVEN_ELSEWHERE)].sort());
    for (const [operationId, drive] of Object.entries(DRIVERS)) {
      const response = await drive();
      expect(response.status, operationId).toBe(429);
      const seconds = Number(response.headers.get("Retry-After"));
      expect(Number.isInteger(seconds) && seconds > 0 && seconds <= 3600, `${operationId}: ${seconds}`).toBe(true);
    }
  });
});
