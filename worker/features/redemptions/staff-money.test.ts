import { beforeAll, describe, expect, it } from "vitest";
import { STAFF_PLAY_MESSAGE } from "#shared/staff";
import { apiClient, successOf } from "../../test/client";
import { insertContest } from "../../test/contests";
import { callJson } from "../../test/http";
import { auditLedgerAfterEach, grantCredits } from "../../test/ledger";
import { shardOf, updateAccount } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { creditsOf, redeemGiftCard } from "../../test/redemptions";
import { signedInAdmin, signedInPlayer, type SignedInPlayer } from "../../test/sessions";
import { FOUR_EYES_MESSAGES } from "./award-signals";

auditLedgerAfterEach();

let admin: SignedInPlayer;
beforeAll(async () => {
  admin = await signedInAdmin();
});

const award = (by: SignedInPlayer, userId: string, amount: number) =>
  successOf(
    apiClient({ headers: by.bearer }).admin.players[":id"].credits.$post({
      param: { id: userId },
      json: { adjustmentId: crypto.randomUUID(), amount, reason: "Goodwill" },
    }),
  );

const pick = (player: SignedInPlayer, questionId: string) =>
  callJson<{ pick: { id: string }; error?: { code: string; message: string } }>("/api/picks", {
    method: "POST",
    headers: player.bearer,
    json: { questionId, choice: "yes", multiplier: 1 },
  });

const resolve = (questionId: string, outcome: "A" | "B" | "void") =>
  callJson(`/api/admin/questions/${questionId}/outcome`, {
    method: "PUT",
    headers: admin.bearer,
    json: { outcome, reason: "Final" },
  });

const ledgerRows = async (userId: string, pickId: string) =>
  (
    await shardOf(userId)
      .prepare("SELECT transaction_type, source, amount FROM credit_transactions WHERE pick_id = ? ORDER BY rowid")
      .bind(pickId)
      .all()
  ).results;

const queue = (by: SignedInPlayer) =>
  successOf(apiClient({ headers: by.bearer }).admin.redemptions.$get({ query: { status: "pending" } }));

const fulfil = (by: SignedInPlayer, id: string) =>
  callJson<{ error?: { code: string; message: string } }>(`/api/admin/redemptions/${id}`, {
    method: "PATCH",
    headers: by.bearer,
    json: { status: "fulfilled" },
  });

describe("staff accounts", () => {
  it("cannot pick, join a contest or redeem, whatever their balance", async () => {
    const staff = await signedInAdmin();
    await grantCredits(staff.userId, 100, "winnings");
    const questionId = await insertQuestion({ creditCost: 5 });

    const picked = await pick(staff, questionId);
    expect(picked.status).toBe(403);
    expect(picked.body.error).toEqual({ code: "forbidden", message: STAFF_PLAY_MESSAGE });

    const contestId = await insertContest();
    const joined = await callJson<{ error: unknown }>(`/api/contests/${contestId}/join`, {
      method: "POST",
      headers: staff.bearer,
    });
    expect(joined.status).toBe(403);
    expect(joined.body.error).toMatchObject({ message: STAFF_PLAY_MESSAGE });

    const redeemed = await redeemGiftCard(staff, { credits: 50 });
    expect(redeemed.status).toBe(403);
    expect(await creditsOf(staff.userId)).toMatchObject({ balance: 100, redeemable: 100 });
  });
});

describe("awarded credits", () => {
  it("never become redeemable, nor do the winnings of the picks they paid for", async () => {
    const player = await signedInPlayer();
    await award(admin, player.userId, 100);
    const questions = await Promise.all([1, 2, 3].map(() => insertQuestion({ creditCost: 20 })));
    const picks = [];
    for (const questionId of questions) picks.push((await pick(player, questionId)).body.pick.id);
    for (const questionId of questions) expect((await resolve(questionId, "A")).status).toBe(200);

    expect(await creditsOf(player.userId)).toMatchObject({ balance: 160, redeemable: 0 });
    expect(await ledgerRows(player.userId, picks[0]!)).toEqual([
      { transaction_type: "spend", source: "awarded", amount: -20 },
      { transaction_type: "pick_payout", source: "awarded", amount: 40 },
    ]);
    expect((await redeemGiftCard(player, { credits: 25 })).status).toBe(402);

    // An outcome changed to a loss takes the awarded winnings back out of the awarded part.
    expect((await resolve(questions[0]!, "B")).status).toBe(200);
    expect(await ledgerRows(player.userId, picks[0]!)).toContainEqual({
      transaction_type: "reversal",
      source: "awarded",
      amount: -40,
    });
  });

  it("come back awarded when the pick they paid for is voided or its question deleted", async () => {
    const player = await signedInPlayer();
    await award(admin, player.userId, 30);
    const voided = await insertQuestion({ creditCost: 10 });
    const deleted = await insertQuestion({ creditCost: 10 });
    const voidedPick = (await pick(player, voided)).body.pick.id;
    const deletedPick = (await pick(player, deleted)).body.pick.id;
    await resolve(voided, "void");
    expect(
      (await callJson(`/api/admin/questions/${deleted}`, { method: "DELETE", headers: admin.bearer })).status,
    ).toBe(200);

    expect(await ledgerRows(player.userId, voidedPick)).toContainEqual({
      transaction_type: "refund",
      source: "awarded",
      amount: 10,
    });
    expect(await ledgerRows(player.userId, deletedPick)).toContainEqual({
      transaction_type: "refund",
      source: "awarded",
      amount: 10,
    });
    // The refunds pay for a new pick, which is award-funded again: its winnings stay out of reach.
    const next = await insertQuestion({ creditCost: 30 });
    await pick(player, next);
    await resolve(next, "A");
    expect(await creditsOf(player.userId)).toMatchObject({ balance: 60, redeemable: 0 });
  });

  it("are spent before the player's own credits, so winnings of picks paid without them stay redeemable", async () => {
    const player = await signedInPlayer(50);
    await award(admin, player.userId, 10);
    const [first, second] = await Promise.all([insertQuestion({ creditCost: 10 }), insertQuestion({ creditCost: 10 })]);
    const awardFunded = (await pick(player, first)).body.pick.id;
    const ownFunded = (await pick(player, second)).body.pick.id;
    await resolve(first, "A");
    await resolve(second, "A");
    expect((await ledgerRows(player.userId, awardFunded))[0]).toMatchObject({ source: "awarded" });
    expect((await ledgerRows(player.userId, ownFunded))[0]).toMatchObject({ source: "purchased" });
    expect(await creditsOf(player.userId)).toMatchObject({ balance: 80, redeemable: 20 });
  });
});

describe("four eyes on money out", () => {
  it("keeps an admin from fulfilling a redemption of a player they awarded credits to, and says why in the queue", async () => {
    const player = await signedInPlayer();
    await grantCredits(player.userId, 50, "winnings");
    await award(admin, player.userId, 5);
    const { body } = await redeemGiftCard(player, { credits: 20 });
    const id = body.redemption.id;

    const mine = (await queue(admin)).body.items.find((item) => item.id === id);
    expect(mine?.fulfilBlockedReason).toBe(FOUR_EYES_MESSAGES.awarded);
    expect(mine?.risk).toMatchObject({ recentAwards: 5, highRisk: true });
    expect(mine?.risk.reasons).toContain("recent_awards");
    const refused = await fulfil(admin, id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: "forbidden", message: FOUR_EYES_MESSAGES.awarded });

    const other = await signedInAdmin();
    expect((await queue(other)).body.items.find((item) => item.id === id)?.fulfilBlockedReason).toBeNull();
    expect((await fulfil(other, id)).status).toBe(200);
  });

  it("keeps an admin from fulfilling their own redemption", async () => {
    const player = await signedInPlayer();
    await grantCredits(player.userId, 50, "winnings");
    const { body } = await redeemGiftCard(player, { credits: 20 });
    const promoted = await signedInAdmin();
    await updateAccount(player.userId, "role = 'admin'");
    expect((await fulfil(player, body.redemption.id)).body.error).toEqual({
      code: "forbidden",
      message: FOUR_EYES_MESSAGES.own,
    });
    expect((await fulfil(promoted, body.redemption.id)).status).toBe(200);
  });

  it("names award-funded winnings and who awarded them among the risk signals", async () => {
    const player = await signedInPlayer();
    await award(admin, player.userId, 20);
    const questionId = await insertQuestion({ creditCost: 20 });
    await pick(player, questionId);
    await resolve(questionId, "A");
    await grantCredits(player.userId, 30, "winnings");
    const { body } = await redeemGiftCard(player, { credits: 25 });
    const other = await signedInAdmin();
    const risk = (await queue(other)).body.items.find((item) => item.id === body.redemption.id)?.risk;
    const adminName = (
      await shardOf(admin.userId)
        .prepare("SELECT username FROM users WHERE id = ?")
        .bind(admin.userId)
        .first<{ username: string }>()
    )?.username;
    expect(risk).toMatchObject({ awardFundedWinnings: 40, recentAwards: 20, awardedBy: [adminName] });
    expect(risk?.reasons).toEqual(expect.arrayContaining(["award_funded_winnings", "recent_awards"]));
  });
});
