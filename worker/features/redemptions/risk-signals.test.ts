import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { dataContext } from "../../db/data-context";
import { readSettings } from "../../env";
import { putOutcome } from "../../test/admin";
import { DEFAULT_PASSWORD, signUp, signUpAndLogin, type SignupOptions, type TestAccount } from "../../test/accounts";
import { besidesSessionCheck, countingEnv } from "../../test/counting-d1";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { grantCredits } from "../../test/ledger";
import { createPlayer, placePick, shardOf, updateAccount } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { redeemGiftCard } from "../../test/redemptions";
import { deleteAccount } from "../me/delete-account";

const DAY_MS = 24 * 60 * 60 * 1000;
let admin: TestAccount;
let count = 0;
const address = (prefix: string) => `${prefix}-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const riskOf = async (redemptionId: string) => {
  const { status, body } = await successOf(
    apiClient({ headers: admin.bearer }).admin.redemptions.$get({ query: { status: "pending" } }),
  );
  expect(status).toBe(200);
  return body.items.find((item) => item.id === redemptionId)?.risk;
};

/** An account that only signed up (no sign-in needed to be linked), by id. */
const signedUp = async (options: SignupOptions = {}) => {
  const email = address("linked");
  expect((await signUp(email, options)).status).toBe(201);
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>();
  return row?.id ?? "";
};

/** A signed-in player with 30 redeemable credits who asked for a 10-credit card sent to `payoutEmail`. */
const requester = async (options: SignupOptions = {}, payoutEmail?: string) => {
  const player = await signUpAndLogin(address("requester"), options);
  await grantCredits(player.userId, 30, "winnings");
  const { status, body } = await redeemGiftCard(player, { credits: 10, email: payoutEmail ?? player.email });
  expect(status).toBe(201);
  return { player, id: body.redemption.id };
};

const codeOf = async (userId: string) =>
  (await env.DB.prepare("SELECT referral_code FROM users WHERE id = ?").bind(userId).first<{ referral_code: string }>())
    ?.referral_code;

describe("redemption risk signals", () => {
  it("stores where an account signed up: an IPv4 address, or an IPv6 /64", async () => {
    const v4 = await signedUp({ ip: "203.0.113.9" });
    const v6 = await signedUp({ ip: "2001:DB8:aa:bb::5" });
    const ips = await env.DB.prepare("SELECT id, signup_ip FROM users WHERE id IN (?, ?) ORDER BY signup_ip")
      .bind(v4, v6)
      .all<{ id: string; signup_ip: string }>();
    expect(ips.results).toEqual([
      { id: v6, signup_ip: "2001:db8:aa:bb::/64" },
      { id: v4, signup_ip: "203.0.113.9" },
    ]);
  });

  it("counts accounts from the same sign-up address, and marks a young account with enough of them", async () => {
    const ip = "2001:db8:1:2::10";
    const { player, id } = await requester({ ip });
    await signedUp({ ip: "2001:db8:1:2:ffff::1" });
    await signedUp({ ip });
    await signedUp({ ip: "2001:db8:1:3::10" });
    expect(await riskOf(id)).toEqual({
      accountAgeDays: 0,
      sameIpAccounts: 2,
      samePayoutEmailAccounts: 0,
      sameReferralAccounts: 0,
      linkedAccounts: 2,
      pickWinnings: 0,
      oppositeSideWinnings: 0,
      awardFundedWinnings: 0,
      recentAwards: 0,
      awardedBy: [],
      highRisk: false,
      reasons: [],
    });

    await signedUp({ ip });
    expect(await riskOf(id)).toMatchObject({
      sameIpAccounts: 3,
      linkedAccounts: 3,
      highRisk: true,
      reasons: ["new_account_with_links"],
    });

    // Age is taken when the request was made: an account 8 days old then is past the 7-day rule.
    await updateAccount(player.userId, "created_at = created_at - ?", { values: [8 * DAY_MS] });
    expect(await riskOf(id)).toMatchObject({ accountAgeDays: 8, linkedAccounts: 3, highRisk: false, reasons: [] });
  });

  it("counts accounts that use the same payout email, as a login or on their own redemption", async () => {
    const shared = address("payout");
    await requester({}, shared);
    const { id } = await requester({}, shared.toUpperCase());
    expect(await riskOf(id)).toMatchObject({
      samePayoutEmailAccounts: 1,
      linkedAccounts: 1,
      highRisk: true,
      reasons: ["shared_payout_email"],
    });

    const owner = await signUpAndLogin(address("owner"));
    const { id: second } = await requester({}, owner.email);
    expect(await riskOf(second)).toMatchObject({ samePayoutEmailAccounts: 1, reasons: ["shared_payout_email"] });
  });

  it("counts one mailbox as one payout email however it is spelled", async () => {
    const local = `pay.out.${++count}`;
    await requester({}, `${local}@gmail.com`);
    const { id } = await requester({}, `${local.replaceAll(".", "")}+cash@googlemail.com`);
    expect(await riskOf(id)).toMatchObject({ samePayoutEmailAccounts: 1, reasons: ["shared_payout_email"] });

    const owner = await signUpAndLogin(`sign.in.${++count}@gmail.com`);
    const { id: second } = await requester({}, owner.email.replace(/\./g, "").replace("gmailcom", "googlemail.com"));
    expect(await riskOf(second)).toMatchObject({ samePayoutEmailAccounts: 1, reasons: ["shared_payout_email"] });
  });

  it("counts referral ties: its referrer, the referrer's other invitees (deleted ones too) and its own invitees", async () => {
    const ref = await codeOf(await signedUp());
    const { player, id } = await requester({ ref });
    expect(await riskOf(id)).toMatchObject({ sameReferralAccounts: 1, linkedAccounts: 1, highRisk: false });

    await signedUp({ ref });
    const deleted = await signedUp({ ref });
    await deleteAccount(dataContext(env), readSettings(env), {
      userId: deleted,
      password: DEFAULT_PASSWORD,
      cancelRedemptions: [],
      now: Date.now(),
    });
    await signedUp({ ref: await codeOf(player.userId) });
    await signedUp({});
    expect(await riskOf(id)).toMatchObject({
      sameIpAccounts: 0,
      sameReferralAccounts: 4,
      linkedAccounts: 4,
      highRisk: true,
      reasons: ["new_account_with_links"],
    });
  });

  it("sums the winnings from questions where a linked account took the other side", async () => {
    const ip = "198.51.100.77";
    const { player, id } = await requester({ ip });
    const linked = await signedUp({ ip });
    const stranger = await createPlayer();
    for (const user of [player.userId, linked, stranger]) await grantCredits(user, 40);

    const picks = async (...choices: [string, "yes" | "no"][]) => {
      const questionId = await insertQuestion({ creditCost: 2 });
      for (const [user, choice] of choices) await placePick(user, questionId, choice);
      expect((await putOutcome(admin, questionId, "A")).status).toBe(200);
      return questionId;
    };
    const hedged = await picks([player.userId, "yes"], [linked, "no"]);
    await picks([player.userId, "yes"], [stranger, "no"]);
    await picks([player.userId, "yes"], [linked, "yes"]);
    await picks([player.userId, "no"], [linked, "yes"]);

    const payout = await shardOf(player.userId)
      .prepare("SELECT actual_payout FROM user_picks WHERE user_id = ? AND question_id = ?")
      .bind(player.userId, hedged)
      .first<{ actual_payout: number }>();
    expect(payout?.actual_payout).toBeGreaterThan(0);
    expect(await riskOf(id)).toMatchObject({
      sameIpAccounts: 1,
      linkedAccounts: 1,
      pickWinnings: 3 * (payout?.actual_payout ?? 0),
      oppositeSideWinnings: payout?.actual_payout,
      highRisk: true,
      reasons: ["opposite_side_winnings"],
    });
  });

  it("reads a whole page in a fixed number of round trips, and types the signals in the OpenAPI document", async () => {
    const { env: counting, byDatabase } = countingEnv();
    const { status, body } = await successOf(
      apiClient({ headers: admin.bearer, env: counting }).admin.redemptions.$get({ query: {} }),
    );
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThan(5);
    // The session check, the page, the signals of every row on it, and one batch of the awards to its players. With
    // several shards the catalogue reads the rewards' names, the directory's links and the awards, and each shard its
    // page, its links and won picks, its linked accounts' picks and its award-funded winnings.
    const { DB: catalogue, ...shards } = besidesSessionCheck(byDatabase, admin.userId);
    expect(catalogue).toBe(3);
    for (const trips of Object.values(shards)) expect(trips).toBeLessThanOrEqual(4);

    const { body: doc } = await callJson<{
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>("/api/openapi.json");
    expect(Object.keys(doc.components.schemas.RedemptionRiskSignals?.properties ?? {})).toContain(
      "oppositeSideWinnings",
    );
  });
});
