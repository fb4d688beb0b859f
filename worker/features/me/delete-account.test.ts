import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { playerDb, userShard } from "../../db/shards";
import { deleteAccount } from "../../test/account-deletion";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { expectLedgerClean, grantCredits } from "../../test/ledger";
import { signedInAdmin } from "../../test/sessions";
import { redeemGiftCard, cashOut, creditsOf } from "../../test/redemptions";
import { wrappedD1 } from "../../test/wrapped-d1";

let count = 0;
const newWinner = async () => {
  const account = await signUpAndLogin(`closing-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`);
  await grantCredits(account.userId, 60, "winnings");
  return account;
};

const accountRow = (account: TestAccount) =>
  playerDb(env, account.userId)
    .prepare("SELECT email, deleted_at FROM users WHERE id = ?")
    .bind(account.userId)
    .first<{ email: string; deleted_at: number | null }>();

const adminQueue = async () => {
  const admin = await signedInAdmin();
  const { body } = await successOf(
    apiClient({ headers: admin.bearer }).admin.redemptions.$get({ query: { status: "pending" } }),
  );
  return body.items;
};

describe("DELETE /api/me asks for the password", () => {
  it("refuses a wrong or missing password and keeps the account", async () => {
    const account = await signUpAndLogin("closing-password@example.com");
    const wrong = await deleteAccount(account.cookies, { password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: { code: "validation_failed", message: "Your password is incorrect", field: "password" },
    });
    const missing = await apiClient({ headers: account.cookies }).me.$delete({ json: { password: "" } });
    expect(await missing.json()).toMatchObject({
      error: { code: "validation_failed", message: "Please enter your password to delete your account" },
    });
    expect(await accountRow(account)).toEqual({ email: "closing-password@example.com", deleted_at: null });
    expect((await apiClient({ headers: account.cookies }).me.$get()).status).toBe(200);
  });
});

describe("DELETE /api/me with pending redemptions", () => {
  it("refuses while one is pending, naming each, and leaves the account and the admin's queue as they were", async () => {
    const account = await newWinner();
    const card = (await redeemGiftCard(account, { credits: 10 })).body.redemption;
    const cash = (await cashOut(account, { amount: 20, method: "venmo", venmoUsername: "@leaver" })).body.redemption;

    const refused = await deleteAccount(account.cookies, { cancelRedemptions: [card.id] });
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as { error: Record<string, unknown> };
    expect(error).toMatchObject({ code: "conflict", field: "cancelRedemptions" });
    expect(error.message).toMatch(
      /^You have 2 pending redemptions: .+\. Cancel them to delete your account; cancelling refunds the credits\.$/,
    );
    for (const named of ["Venmo cash-out for $12.00 (20 credits)", "Amazon gift card for $6.00 (10 credits)"])
      expect(error.message).toContain(named);
    expect(error.pendingRedemptions).toEqual(
      expect.arrayContaining([
        { id: cash.id, label: "Venmo cash-out for $12.00", credits: 20 },
        { id: card.id, label: "Amazon gift card for $6.00", credits: 10 },
      ]),
    );
    expect((await accountRow(account))?.deleted_at).toBeNull();
    const queued = (await adminQueue()).filter((item) => item.user.id === account.userId);
    expect(queued.map((item) => item.email)).toEqual([account.email, account.email]);
  });

  it("cancels and refunds the ones the player agreed to cancel, in the deletion itself, and leaves no payout to send", async () => {
    const account = await newWinner();
    const card = (await redeemGiftCard(account, { credits: 10 })).body.redemption;
    const cash = (await cashOut(account, { amount: 20 })).body.redemption;
    // 60 won, 5 from signing up.
    expect(await creditsOf(account.userId)).toMatchObject({ balance: 35, redeemable: 30 });

    const deleted = await deleteAccount(account.cookies, { cancelRedemptions: [card.id, cash.id] });
    expect(deleted.status).toBe(200);
    expect((await accountRow(account))?.deleted_at).toEqual(expect.any(Number));
    const rows = await playerDb(env, account.userId)
      .prepare("SELECT status, note FROM gift_card_redemptions WHERE user_id = ? ORDER BY created_at")
      .bind(account.userId)
      .all();
    expect(rows.results).toEqual([
      { status: "rejected", note: "Cancelled by the player to delete the account" },
      { status: "rejected", note: "Cancelled by the player to delete the account" },
    ]);
    const refunds = await playerDb(env, account.userId)
      .prepare(
        "SELECT amount, idempotency_key, description FROM credit_transactions WHERE user_id = ? AND transaction_type = 'refund' ORDER BY amount",
      )
      .bind(account.userId)
      .all();
    expect(refunds.results).toEqual([
      { amount: 10, idempotency_key: `redemption-refund:${card.id}`, description: "Refund: redemption cancelled" },
      { amount: 20, idempotency_key: `redemption-refund:${cash.id}`, description: "Refund: redemption cancelled" },
    ]);
    expect(await creditsOf(account.userId)).toMatchObject({ balance: 65, redeemable: 60 });
    expect((await adminQueue()).filter((item) => item.user.id === account.userId)).toEqual([]);
    await expectLedgerClean();
  });

  it("refuses when a redemption lands between its check and its batch", async () => {
    const account = await newWinner();
    const { binding, db } = userShard(env, account.userId);
    let redeemed: Promise<unknown> | null = null;
    // The deletion's batch is prepared after its check read no pending redemption: one is made just then.
    const racing = wrappedD1(db, (core) => ({
      prepare: (query) => {
        if (query.includes("status = 'pending')") && !redeemed) redeemed = redeemGiftCard(account, { credits: 10 });
        return core.prepare(query);
      },
      batch: async (statements) => {
        await redeemed;
        return core.batch(statements);
      },
    }));
    const refused = await apiClient({ headers: account.cookies, env: { ...env, [binding]: racing } }).me.$delete({
      json: { password: account.password },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: {
        message:
          "You have a pending redemption: Amazon gift card for $6.00 (10 credits). Cancel it to delete your account; cancelling refunds the credits.",
      },
    });
    expect((await accountRow(account))?.deleted_at).toBeNull();
    await expectLedgerClean();
  });

  it("refuses a redemption whose check passed just before the account was deleted", async () => {
    const account = await newWinner();
    const { binding, db } = userShard(env, account.userId);
    let deleted: ReturnType<typeof deleteAccount> | null = null;
    // The redemption's batch is prepared after its check found the account: the account is deleted just then.
    const racing = wrappedD1(db, (core) => ({
      prepare: (query) => {
        if (query.includes("deleted_at IS NOT NULL") && !deleted) deleted = deleteAccount(account.cookies);
        return core.prepare(query);
      },
      batch: async (statements) => {
        await deleted;
        return core.batch(statements);
      },
    }));
    const refused = await redeemGiftCard(account, { credits: 10 }, {}, { ...env, [binding]: racing });
    expect((await deleted!)?.status).toBe(200);
    expect(refused.status).toBe(401);
    expect(await creditsOf(account.userId)).toMatchObject({ balance: 65, redeemable: 60 });
    const rows = await playerDb(env, account.userId)
      .prepare("SELECT count(*) AS n FROM gift_card_redemptions WHERE user_id = ?")
      .bind(account.userId)
      .first();
    expect(rows).toEqual({ n: 0 });
    await expectLedgerClean();
  });
});
