import { firstInAnyShard, shardOf } from "../../test/players";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxFor, signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { expectLedgerClean, grantCredits } from "../../test/ledger";
import { creditsOf, redeemGiftCard } from "../../test/redemptions";

type Decision = Parameters<ReturnType<typeof apiClient>["admin"]["redemptions"][":id"]["$patch"]>[0]["json"];

let admin: TestAccount;
let count = 0;
const newPlayer = () => signUpAndLogin(`decide-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`);

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const list = (headers: Record<string, string>, status: "pending" | "fulfilled" = "pending") =>
  apiClient({ headers }).admin.redemptions.$get({ query: { status } });

const decide = (headers: Record<string, string>, id: string, json: Decision) =>
  apiClient({ headers }).admin.redemptions[":id"].$patch({ param: { id }, json });

/** A player with `won` winnings who redeemed `credits` of them for an Amazon card. */
const pendingRedemption = async (won = 50, credits = 20) => {
  const player = await newPlayer();
  await grantCredits(player.userId, won, "winnings");
  const { body } = await redeemGiftCard(player, { credits });
  return { player, id: body.redemption.id };
};

describe("admin redemptions", () => {
  it("answers 401 signed out and 403 for a player on every admin route", async () => {
    const { player, id } = await pendingRedemption();
    expect((await list({})).status).toBe(401);
    const listed = await list(player.bearer);
    expect(listed.status).toBe(403);
    expect(await listed.json()).toEqual({ error: { code: "forbidden", message: "Permission denied" } });
    const decided = await decide(player.bearer, id, { status: "fulfilled" });
    expect(decided.status).toBe(403);
    expect((await firstInAnyShard("SELECT status FROM gift_card_redemptions WHERE id = ?", id))?.status).toBe(
      "pending",
    );
  });

  it("lists pending redemptions with the player, and filters by status", async () => {
    const { player, id } = await pendingRedemption();
    const pending = await successOf(list(admin.bearer));
    expect(pending.status).toBe(200);
    expect(pending.body.items.find((item) => item.id === id)).toMatchObject({
      status: "pending",
      rewardName: "Amazon",
      creditsSpent: 20,
      user: { id: player.userId, email: player.email },
    });
    await decide(admin.bearer, id, { status: "fulfilled", note: "Code AMZ-1" });
    expect((await successOf(list(admin.bearer))).body.items.some((item) => item.id === id)).toBe(false);
    expect((await successOf(list(admin.bearer, "fulfilled"))).body.items.map((item) => item.id)).toContain(id);
    // A status outside the route's types, so sent untyped.
    expect((await callJson("/api/admin/redemptions?status=lost", { headers: admin.bearer })).status).toBe(400);
  });

  it("fulfils with a note, emails the player, and moves no credits", async () => {
    const { player, id } = await pendingRedemption();
    const { status, body } = await successOf(
      decide(admin.bearer, id, { status: "fulfilled", note: "Your code: AMZ-1234-5678" }),
    );
    expect(status).toBe(200);
    expect(body.redemption).toMatchObject({ status: "fulfilled", note: "Your code: AMZ-1234-5678" });
    const [email] = await outboxFor(player.email);
    expect(email?.subject).toBe("Your Pickstreak redemption has been fulfilled");
    expect(email?.text).toContain("Your code: AMZ-1234-5678");
    expect(await creditsOf(player.userId)).toMatchObject({ balance: 35, redeemable: 30 });
    await expectLedgerClean();
  });

  it("rejects with a refund of winnings exactly once, even when sent 5 times at once", async () => {
    const { player, id } = await pendingRedemption(50, 20);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => decide(admin.bearer, id, { status: "rejected", note: "Not eligible" })),
    );
    const statuses: number[] = answers.map((answer) => answer.status);
    expect([...statuses].sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await answers[statuses.indexOf(409)]?.json()).toMatchObject({
      error: { message: "This redemption has already been rejected" },
    });
    expect(await creditsOf(player.userId)).toMatchObject({ balance: 55, redeemable: 50 });
    const refunds = await shardOf(player.userId)
      .prepare("SELECT amount, source, transaction_type FROM credit_transactions WHERE idempotency_key = ?")
      .bind(`redemption-refund:${id}`)
      .all();
    expect(refunds.results).toEqual([{ amount: 20, source: "winnings", transaction_type: "refund" }]);
    const emails = (await outboxFor(player.email)).filter(
      (email) => email.subject === "Your Pickstreak redemption was not approved",
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain("Reason: Not eligible");

    // The refunded credits are redeemable again, and only they.
    expect((await redeemGiftCard(player, { credits: 50 })).status).toBe(201);
    expect((await redeemGiftCard(player, { credits: 10 })).status).toBe(402);
    await expectLedgerClean();
  });

  it("moves only from pending: a fulfilled redemption cannot be rejected, nor the other way round", async () => {
    const first = await pendingRedemption();
    await decide(admin.bearer, first.id, { status: "fulfilled" });
    const refused = await decide(admin.bearer, first.id, { status: "rejected" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { message: "This redemption has already been fulfilled" } });
    expect(await creditsOf(first.player.userId)).toMatchObject({ redeemable: 30 });

    const second = await pendingRedemption();
    await decide(admin.bearer, second.id, { status: "rejected" });
    expect((await decide(admin.bearer, second.id, { status: "fulfilled" })).status).toBe(409);
    await expectLedgerClean();
  });

  it("answers 404 for an unknown redemption and 400 for an unknown status", async () => {
    expect((await decide(admin.bearer, "no-such-id", { status: "fulfilled" })).status).toBe(404);
    const { id } = await pendingRedemption();
    // A status outside the route's types, so sent untyped.
    const bad = await callJson(`/api/admin/redemptions/${id}`, {
      method: "PATCH",
      headers: admin.bearer,
      json: { status: "pending" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { message: "Please choose fulfilled or rejected" } });
  });
});
