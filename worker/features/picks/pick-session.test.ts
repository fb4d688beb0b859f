import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { countingEnv } from "../../test/counting-d1";
import { call, callJson } from "../../test/http";
import { auditLedgerAfterEach, balanceOf, setBalance } from "../../test/ledger";
import { shardOf, updateAccount } from "../../test/players";
import { insertQuestion } from "../../test/questions";

auditLedgerAfterEach();

let count = 0;
const newPlayer = () => signUpAndLogin(`pick-session-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`);
const claimsOf = (token: string) => JSON.parse(atob(token.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/")));
const pickAs = (player: TestAccount, questionId: string, requestEnv: Env = env) =>
  call("/api/picks", {
    method: "POST",
    headers: player.bearer,
    json: { questionId, choice: "yes", multiplier: 1 },
    env: requestEnv,
  });
const picksOf = async (userId: string) =>
  (
    await shardOf(userId)
      .prepare("SELECT count(*) AS n FROM user_picks WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>()
  )?.n;

const expectRefusedAsSignedOut = async (player: TestAccount, questionId: string, balance: number) => {
  const response = await pickAs(player, questionId);
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ error: { message: "Please log in to continue" } });
  expect(await picksOf(player.userId)).toBe(0);
  expect(await balanceOf(player.userId)).toBe(balance);
};

describe("POST /api/picks checks the session inside the pick's own batch", () => {
  it("takes one D1 round trip for a signed-in player, the session check included", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 10);
    const questionId = await insertQuestion({ creditCost: 2 });
    const { env: counting, byDatabase } = countingEnv();
    expect((await pickAs(player, questionId, counting)).status).toBe(201);
    expect(Object.values(byDatabase).reduce((sum, { calls }) => sum + calls, 0)).toBe(1);
    expect(await balanceOf(player.userId)).toBe(8);
  });

  it("refuses a token whose session was signed out within its life, and moves nothing", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 10);
    const questionId = await insertQuestion({ creditCost: 2 });
    expect((await call("/api/auth/logout", { method: "POST", headers: player.cookies })).status).toBe(200);
    await expectRefusedAsSignedOut(player, questionId, 10);
  });

  it("answers an ended session as signed out even when the pick would be refused for its own reasons", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 1);
    const questionId = await insertQuestion({ creditCost: 5 });
    expect((await call("/api/auth/logout", { method: "POST", headers: player.cookies })).status).toBe(200);
    await expectRefusedAsSignedOut(player, questionId, 1);
  });

  it("refuses a deleted account's token", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 10);
    const questionId = await insertQuestion({ creditCost: 2 });
    await updateAccount(player.userId, "deleted_at = 1");
    await expectRefusedAsSignedOut(player, questionId, 10);
  });

  it("still says which rule a live player's refused pick broke", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 1);
    const questionId = await insertQuestion({ creditCost: 5 });
    const { status, body } = await callJson<{ error: { message: string } }>("/api/picks", {
      method: "POST",
      headers: player.bearer,
      json: { questionId, choice: "yes", multiplier: 1 },
    });
    expect(status).toBe(402);
    expect(body.error.message).toBe("Insufficient credits to submit pick");
  });

  it("signs whether the player was referred into the access token, which a refresh keeps", async () => {
    const referrer = await newPlayer();
    expect(claimsOf(referrer.accessToken).ref).toBe(false);
    const { referral_code: code } = (await env.DB.prepare("SELECT referral_code FROM users WHERE id = ?")
      .bind(referrer.userId)
      .first<{ referral_code: string }>())!;
    const friend = await signUpAndLogin(`pick-session-friend-${crypto.randomUUID().slice(0, 6)}@example.com`, {
      ref: code,
    });
    expect(claimsOf(friend.accessToken).ref).toBe(true);
    const refreshed = await call("/api/auth/refresh", {
      method: "POST",
      headers: { Cookie: `__Host-refresh=${friend.refreshToken}` },
    });
    expect(refreshed.status).toBe(200);
    const access = refreshed.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-access="))!;
    expect(claimsOf(access.split(";")[0]!.slice("__Host-access=".length)).ref).toBe(true);
  });
});
