import { shardOf } from "../../test/players";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { callJson } from "../../test/http";
import { expectLedgerClean, grantCredits } from "../../test/ledger";
import { cashOut, creditsOf, redeemGiftCard, redemptionCount } from "../../test/redemptions";

let admin: TestAccount;
let count = 0;
const newPlayer = () => signUpAndLogin(`daily-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`);

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const redeemedToday = async (userId: string) =>
  (
    await shardOf(userId)
      .prepare(
        "SELECT COALESCE(SUM(credits_spent), 0) AS n FROM gift_card_redemptions WHERE user_id = ? AND status != 'rejected'",
      )
      .bind(userId)
      .first<{ n: number }>()
  )?.n ?? 0;

describe("the daily redemption cap (500 credits per player per UTC day)", () => {
  it("counts gift cards and cash-outs together and refuses what would pass it, moving nothing", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 800, "winnings");
    expect((await redeemGiftCard(player, { credits: 300 })).status).toBe(201);
    expect((await cashOut(player, { amount: 150 })).status).toBe(201);

    const over = await cashOut(player, { amount: 60 });
    expect(over.status).toBe(422);
    expect(over.body.error).toEqual({
      code: "rule_violation",
      title: "Daily Limit Reached",
      message: "You can redeem up to 500 credits a day (50 left today)",
    });
    expect((await redeemGiftCard(player, { credits: 50 })).status).toBe(201);
    const spent = await redeemGiftCard(player, { credits: 10 });
    expect(spent.body.error).toMatchObject({
      title: "Daily Limit Reached",
      message: "You can redeem up to 500 credits a day",
    });
    expect(await creditsOf(player.userId)).toMatchObject({ redeemable: 300 });
    expect(await redemptionCount(player.userId)).toBe(3);
    await expectLedgerClean();
  });

  it("gives back the allowance of a rejected redemption, and starts again the next UTC day", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 1000, "winnings");
    const first = await redeemGiftCard(player, { credits: 500 });
    expect((await redeemGiftCard(player, { credits: 10 })).status).toBe(422);
    await callJson(`/api/admin/redemptions/${first.body.redemption.id}`, {
      method: "PATCH",
      headers: admin.bearer,
      json: { status: "rejected" },
    });
    expect((await redeemGiftCard(player, { credits: 500 })).status).toBe(201);
    expect((await redeemGiftCard(player, { credits: 10 })).status).toBe(422);

    // Yesterday's redemptions no longer count.
    await shardOf(player.userId)
      .prepare("UPDATE gift_card_redemptions SET created_at = created_at - 86400000 WHERE user_id = ?")
      .bind(player.userId)
      .run();
    expect((await redeemGiftCard(player, { credits: 500 })).status).toBe(201);
    await expectLedgerClean();
  });

  it("holds under concurrency: 10 redemptions of 100 at once leave exactly 500 redeemed", async () => {
    const player = await newPlayer();
    await grantCredits(player.userId, 1000, "winnings");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? cashOut(player, { amount: 100 }) : redeemGiftCard(player, { credits: 100 }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.status === 422)) {
      expect(refused.body.error.title).toBe("Daily Limit Reached");
    }
    expect(await redeemedToday(player.userId)).toBe(500);
    expect(await redemptionCount(player.userId)).toBe(5);
    expect(await creditsOf(player.userId)).toMatchObject({ balance: 505, redeemable: 500, total_spent: 500 });
    await expectLedgerClean();
  });
});
