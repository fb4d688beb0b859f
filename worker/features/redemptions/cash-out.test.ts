import { shardOf } from "../../test/players";
import { describe, expect, it } from "vitest";
import { outboxFor, signUpAndLogin } from "../../test/accounts";
import { expectLedgerClean, grantCredits } from "../../test/ledger";
import { cashOut, creditsOf, redemptionCount } from "../../test/redemptions";

let count = 0;
const newPlayer = (country = "US") =>
  signUpAndLogin(`cashout-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`, { country });

describe("POST /api/redemptions/cash-out", () => {
  it.each([
    ["visa", {}, null],
    ["mastercard", {}, null],
    ["venmo", { venmoUsername: "@sam" }, "@sam"],
    ["cashapp", { cashTag: "$sam" }, "$sam"],
  ] as const)("cashes out by %s as one pending redemption", async (method, extra, handle) => {
    const player = await newPlayer();
    await grantCredits(player.userId, 30, "winnings");
    const { status, body } = await cashOut(player, { method, amount: 10, ...extra });
    expect(status).toBe(201);
    expect(body.redemption).toMatchObject({
      kind: "cash_out",
      method,
      payoutHandle: handle,
      creditsSpent: 10,
      valueCents: 600,
      status: "pending",
    });
    expect(body.credits).toMatchObject({ balance: 25, redeemable: 20 });
    const tx = await shardOf(player.userId)
      .prepare("SELECT transaction_type, description FROM credit_transactions WHERE user_id = ? AND amount = -10")
      .bind(player.userId)
      .first<{ transaction_type: string; description: string }>();
    expect(tx?.transaction_type).toBe("redemption");
    expect(tx?.description).toMatch(/^Cash-out redemption: (Visa|Mastercard|Venmo|Cash App) for \$6\.00$/);
    expect((await outboxFor(player.email))[0]?.text).toContain(
      "Cash-outs are typically processed within 1 business day.",
    );
    await expectLedgerClean();
  });

  it.each([
    [{ method: "paypal" }, "Choose a Method", "Please choose how you want to redeem"],
    [{ method: undefined }, "Choose a Method", "Please choose how you want to redeem"],
    [{ email: "" }, "Email Required", "Please enter your email address"],
    [{ email: "sam@example" }, "Invalid Email", "Please enter a valid email address"],
    [{ email: "a@b.c" }, "Invalid Email", "Please enter a valid email address"],
    [{ method: "venmo" }, "Invalid Venmo Username", "Your Venmo username must start with @"],
    [{ method: "venmo", venmoUsername: "sam" }, "Invalid Venmo Username", "Your Venmo username must start with @"],
    [
      { method: "venmo", venmoUsername: "@" },
      "Invalid Venmo Username",
      "Add your Venmo username after the @, for example @jane-doe",
    ],
    [{ method: "cashapp", cashTag: "sam" }, "Invalid Cash App Tag", "Your Cash App tag must start with $"],
    [
      { method: "cashapp", cashTag: "$" },
      "Invalid Cash App Tag",
      "Add your Cash App tag after the $, for example $janedoe",
    ],
    [{ amount: 9 }, "Invalid Amount", "Minimum amount is 10 credits"],
    [{ amount: 12.5 }, "Invalid Amount", "Please enter a whole number of credits"],
    [{ ageConfirmed: false }, "Age Confirmation Required", "You must confirm you are 18 or older to redeem"],
  ])("refuses %o with 400 '%s' / '%s'", async (json, title, message) => {
    const player = await newPlayer();
    await grantCredits(player.userId, 30, "winnings");
    const { status, body } = await cashOut(player, { amount: 10, ...json });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "validation_failed", title, message });
    expect(await redemptionCount(player.userId)).toBe(0);
    await expectLedgerClean();
  });

  it("caps the amount at the redeemable balance, never the total", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 200, "purchased");
    await grantCredits(player.userId, 15, "winnings");
    const over = await cashOut(player, { amount: 16 });
    expect(over.status).toBe(402);
    expect(over.body.error).toMatchObject({
      title: "Insufficient Credits",
      message: "You don't have enough credits for this redemption",
    });
    expect((await cashOut(player, { amount: 15 })).status).toBe(201);
    expect(await creditsOf(player.userId)).toMatchObject({ balance: 205, redeemable: 0 });
    await expectLedgerClean();
  });

  it("asks visitors to log in and refuses countries where redemption is not allowed", async () => {
    const visitor = await cashOut(null, { amount: 10 });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toMatchObject({
      title: "Authentication Required",
      message: "Please log in to redeem credits.",
    });

    const abroad = await newPlayer("GB");
    await grantCredits(abroad.userId, 30, "winnings");
    const refused = await cashOut(abroad, { amount: 10 });
    expect(refused.status).toBe(422);
    expect(refused.body.error.title).toBe("Redemption Unavailable");
    await expectLedgerClean();
  });

  it("shares the redeemable balance with gift cards under concurrency", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 50, "winnings");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cashOut(player, { amount: 10, method: "venmo", venmoUsername: "@sam" })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(await creditsOf(player.userId)).toMatchObject({ balance: 5, redeemable: 0 });
    await expectLedgerClean();
  });
});
