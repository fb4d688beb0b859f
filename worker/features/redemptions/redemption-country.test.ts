import { env } from "cloudflare:test";
import { shardOf } from "../../test/players";
import { describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient } from "../../test/client";
import { expectLedgerClean, grantCredits } from "../../test/ledger";
import { cashOut, creditsOf, redeemGiftCard, redemptionCount } from "../../test/redemptions";

let count = 0;
const newPlayer = async (country: string) => {
  const player = await signUpAndLogin(`where-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`, { country });
  await grantCredits(player.userId, 50, "winnings");
  return player;
};

const COUNTRY_REFUSAL = {
  code: "rule_violation",
  title: "Redemption Unavailable",
  message: "Redemptions are not available in your country",
};

const expectRefused = async (player: TestAccount, answer: { status: number; body: unknown }) => {
  expect(answer.status).toBe(422);
  expect(answer.body).toEqual({ error: COUNTRY_REFUSAL });
  expect(await redemptionCount(player.userId)).toBe(0);
  expect(await creditsOf(player.userId)).toMatchObject({ balance: 55, redeemable: 50 });
};

describe("redemption is judged by the request's country at the edge and the profile's", () => {
  it("refuses a Canadian player who declared the United States on the profile", async () => {
    const player = await newPlayer("CA");
    const edited = await apiClient({ headers: player.bearer }).me.$patch({ json: { country: "US" } });
    expect(edited.status).toBe(200);
    await expectRefused(player, await redeemGiftCard(player, { credits: 10 }, { "CF-IPCountry": "CA" }));
    await expectRefused(player, await cashOut(player, { amount: 10 }, { "CF-IPCountry": "CA" }));
    await expectLedgerClean();
  });

  it("refuses an unknown edge country: missing, XX or T1 (Tor)", async () => {
    const player = await newPlayer("US");
    for (const edge of ["", "XX", "T1"]) {
      await expectRefused(player, await redeemGiftCard(player, { credits: 10 }, { "CF-IPCountry": edge }));
      await expectRefused(player, await cashOut(player, { amount: 10 }, { "CF-IPCountry": edge }));
    }
    await expectLedgerClean();
  });

  it("still requires an allowed profile country when the edge is allowed", async () => {
    const player = await newPlayer("GB");
    await expectRefused(player, await cashOut(player, { amount: 10 }, { "CF-IPCountry": "US" }));
  });

  it("ignores the CF-IPCountry header outside development and tests", async () => {
    const player = await newPlayer("US");
    const staging = { ...env, ENVIRONMENT: "staging" } as Env;
    const answer = await apiClient({ headers: { ...player.bearer, "CF-IPCountry": "US" }, env: staging }).redemptions[
      "cash-out"
    ].$post({
      json: { method: "visa", amount: 10, email: player.email, ageConfirmed: true },
      header: {},
    });
    await expectRefused(player, { status: answer.status, body: await answer.json() });
  });

  it("redeems from an allowed edge with an allowed profile, and records the edge's country", async () => {
    const player = await newPlayer("US");
    const { status, body } = await redeemGiftCard(player, { credits: 10 }, { "CF-IPCountry": "US" });
    expect(status).toBe(201);
    const row = await shardOf(player.userId)
      .prepare("SELECT country FROM gift_card_redemptions WHERE id = ?")
      .bind(body.redemption.id)
      .first();
    expect(row).toEqual({ country: "US" });
    await expectLedgerClean();
  });
});
