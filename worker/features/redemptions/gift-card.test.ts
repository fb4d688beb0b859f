import { env } from "cloudflare:test";
import { playerDb } from "../../db/shards";
import { describe, expect, it } from "vitest";
import { outboxFor, signUpAndLogin } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { expectLedgerClean, grantCredits } from "../../test/ledger";
import { creditsOf, redeemGiftCard, redemptionCount } from "../../test/redemptions";

let count = 0;
const newPlayer = (country = "US") =>
  signUpAndLogin(`giftcard-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`, { country });

describe("POST /api/redemptions/gift-card", () => {
  it("debits redeemable credits, records a pending redemption and its transaction in one go, and emails the player", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 40, "winnings");
    const { status, body } = await redeemGiftCard(player, { credits: 25 });
    expect(status).toBe(201);
    expect(body.redemption).toMatchObject({
      status: "pending",
      creditsSpent: 25,
      valueCents: 1500,
      rewardName: "Amazon",
      email: player.email,
    });
    expect(body.credits).toMatchObject({ balance: 20, redeemable: 15, totalSpent: 25 });

    const tx = await playerDb(env, player.userId)
      .prepare(
        "SELECT amount, transaction_type, source, description FROM credit_transactions WHERE user_id = ? AND amount < 0",
      )
      .bind(player.userId)
      .first();
    expect(tx).toEqual({
      amount: -25,
      transaction_type: "redemption",
      source: "winnings",
      description: "Gift card redemption: Amazon for $15.00",
    });
    const row = await playerDb(env, player.userId)
      .prepare("SELECT status, value_cents, country, reward_id FROM gift_card_redemptions WHERE id = ?")
      .bind(body.redemption.id)
      .first();
    expect(row).toEqual({ status: "pending", value_cents: 1500, country: "US", reward_id: "amazon" });
    const [email] = await outboxFor(player.email);
    expect(email?.subject).toBe("We received your Pickstreak redemption");
    expect(email?.text).toContain("Amazon gift card for $15.00 (25 credits)");

    const mine = await successOf(apiClient({ headers: player.bearer }).redemptions.$get({ query: {} }));
    expect(mine.body.items).toEqual([expect.objectContaining({ id: body.redemption.id, status: "pending" })]);
    await expectLedgerClean();
  });

  it("values credits at $0.60 each to the cent", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 500, "winnings");
    // Together exactly the day's cap of 500 credits.
    for (const [credits, cents] of [
      [10, 600],
      [11, 660],
      [333, 19980],
      [146, 8760],
    ] as const) {
      const { body } = await redeemGiftCard(player, { credits });
      expect(body.redemption.valueCents).toBe(cents);
      await grantCredits(player.userId, credits, "winnings");
    }
    await expectLedgerClean();
  });

  it.each([
    [{ credits: 9 }, 400, "Invalid Amount", "Minimum amount is 10 credits"],
    [{ credits: "abc" }, 400, "Invalid Amount", "Minimum amount is 10 credits"],
    [{ credits: undefined }, 400, "Invalid Amount", "Minimum amount is 10 credits"],
    [{ credits: 10.5 }, 400, "Invalid Amount", "Please enter a whole number of credits"],
    [{ credits: 1001 }, 400, "Invalid Amount", "Maximum amount is 1000 credits"],
    [{ credits: 60 }, 402, "Insufficient Credits", "You don't have enough credits for this redemption"],
    [{ credits: 10, email: "   " }, 400, "Email Required", "Please enter your email address"],
    [{ credits: 10, email: undefined }, 400, "Email Required", "Please enter your email address"],
    [{ credits: 10, email: "a@b" }, 400, "Invalid Email", "Please enter a valid email address"],
    [
      { credits: 10, ageConfirmed: false },
      400,
      "Age Confirmation Required",
      "You must confirm you are 18 or older to redeem",
    ],
    [
      { credits: 10, ageConfirmed: undefined },
      400,
      "Age Confirmation Required",
      "You must confirm you are 18 or older to redeem",
    ],
    [{ credits: 10, rewardId: "nope" }, 404, "Gift Card Unavailable", "This gift card is not available"],
  ])("refuses %o with %i '%s' / '%s' and moves nothing", async (json, status, title, message) => {
    const player = await newPlayer();
    await grantCredits(player.userId, 50, "winnings");
    const response = await redeemGiftCard(player, json);
    expect(response.status).toBe(status);
    expect(response.body.error).toMatchObject({ title, message });
    expect(await creditsOf(player.userId)).toMatchObject({ balance: 55, redeemable: 50 });
    expect(await redemptionCount(player.userId)).toBe(0);
    await expectLedgerClean();
  });

  it("uses the reward's own maximum and refuses an inactive reward", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 500, "winnings");
    await env.DB.prepare("UPDATE rewards SET max_amount = 200 WHERE id = 'starbucks'").run();
    const over = await redeemGiftCard(player, { rewardId: "starbucks", credits: 201 });
    expect(over.body.error).toMatchObject({ title: "Invalid Amount", message: "Maximum amount is 200 credits" });
    expect((await redeemGiftCard(player, { rewardId: "starbucks", credits: 200 })).status).toBe(201);
    await env.DB.prepare("UPDATE rewards SET is_active = 0 WHERE id = 'nike'").run();
    expect((await redeemGiftCard(player, { rewardId: "nike", credits: 10 })).status).toBe(404);
    await expectLedgerClean();
  });

  it("refuses players outside the allowed countries", async () => {
    const player = await newPlayer("CA");
    await grantCredits(player.userId, 50, "winnings");
    const { status, body } = await redeemGiftCard(player, { credits: 10 });
    expect(status).toBe(422);
    expect(body.error).toMatchObject({
      code: "rule_violation",
      title: "Redemption Unavailable",
      message: "Redemptions are not available in your country",
    });
    await expectLedgerClean();
  });

  it("asks visitors to log in with the product's words", async () => {
    const { status, body } = await redeemGiftCard(null, { credits: 10 });
    expect(status).toBe(401);
    expect(body.error).toEqual({
      code: "unauthorized",
      title: "Authentication Required",
      message: "Please log in to redeem credits.",
    });
  });

  it("never redeems purchased or bonus credits", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 500, "purchased");
    await grantCredits(player.userId, 100, "bonus");
    await grantCredits(player.userId, 12, "winnings");
    const { status, body } = await redeemGiftCard(player, { credits: 20 });
    expect(status).toBe(402);
    expect(body.error.message).toBe("You don't have enough credits for this redemption");
    expect((await redeemGiftCard(player, { credits: 12 })).status).toBe(201);
    expect((await redeemGiftCard(player, { credits: 10 })).status).toBe(402);
    expect(await creditsOf(player.userId)).toMatchObject({ balance: 605, redeemable: 0 });
    await expectLedgerClean();
  });

  it("lets 10 concurrent redemptions take out only what was won", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 100, "winnings");
    await grantCredits(player.userId, 300, "purchased");
    const answers = await Promise.all(Array.from({ length: 10 }, () => redeemGiftCard(player, { credits: 30 })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(7);
    expect(await creditsOf(player.userId)).toEqual({ balance: 315, redeemable: 10, total_spent: 90 });
    expect(await redemptionCount(player.userId)).toBe(3);
    await expectLedgerClean();
  });

  it("answers a repeated Idempotency-Key with the first answer and moves credits once, even concurrently", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 100, "winnings");
    const key = { "Idempotency-Key": crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => redeemGiftCard(player, { credits: 20 }, key)));
    const ids = new Set(answers.map((answer) => answer.body.redemption?.id));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(ids.size).toBe(1);
    const again = await redeemGiftCard(player, { credits: 20 }, key);
    expect(again.body.redemption.id).toBe([...ids][0]);
    expect(await creditsOf(player.userId)).toMatchObject({ redeemable: 80 });
    expect(await redemptionCount(player.userId)).toBe(1);
    await expectLedgerClean();
  });
});
