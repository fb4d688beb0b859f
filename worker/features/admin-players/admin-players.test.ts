import { env } from "cloudflare:test";
import { shardOf } from "../../test/players";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { auditLedgerAfterEach, balanceOf } from "../../test/ledger";
import { placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin, signedInPlayer, type SignedInPlayer } from "../../test/sessions";

auditLedgerAfterEach();

let admin: SignedInPlayer;
beforeAll(async () => {
  admin = await signedInAdmin();
});

type Adjustment = { amount: number; reason: string; adjustmentId?: string };

const adjust = (userId: string, { adjustmentId = crypto.randomUUID(), ...json }: Adjustment, headers = admin.bearer) =>
  apiClient({ headers }).admin.players[":id"].credits.$post({ param: { id: userId }, json: { adjustmentId, ...json } });

const adjustmentRows = async (userId: string) =>
  (
    await shardOf(userId)
      .prepare(
        "SELECT amount, source FROM credit_transactions WHERE user_id = ? AND transaction_type = 'admin_adjustment' ORDER BY rowid",
      )
      .bind(userId)
      .all<{ amount: number; source: string }>()
  ).results;

const auditAbout = async (userId: string) =>
  (
    await env.DB.prepare(
      "SELECT action, reason, admin_id, after FROM admin_audit_log WHERE subject_user_id = ? ORDER BY rowid",
    )
      .bind(userId)
      .all<{ action: string; reason: string | null; admin_id: string; after: string }>()
  ).results;

const redeemableOf = async (userId: string) =>
  (
    await shardOf(userId)
      .prepare("SELECT redeemable FROM user_credits WHERE user_id = ?")
      .bind(userId)
      .first<{ redeemable: number }>()
  )?.redeemable ?? 0;

describe("an admin's credit adjustments", () => {
  it("awards bonus credits that cannot be cashed out, with the reason in the audit log, once per adjustment id", async () => {
    const player = await signedInPlayer(10);
    const adjustmentId = crypto.randomUUID();
    const first = await successOf(
      adjust(player.userId, { adjustmentId, amount: 25, reason: "Apology for the outage" }),
    );
    expect(first.body).toMatchObject({
      duplicate: false,
      credits: { balance: 35 },
      transaction: { amount: 25, transactionType: "admin_adjustment", source: "awarded" },
    });
    const again = await successOf(
      adjust(player.userId, { adjustmentId, amount: 25, reason: "Apology for the outage" }),
    );
    expect(again.body).toMatchObject({ duplicate: true, credits: { balance: 35 } });

    expect(await balanceOf(player.userId)).toBe(35);
    expect(await redeemableOf(player.userId)).toBe(0);
    expect(await adjustmentRows(player.userId)).toEqual([{ amount: 25, source: "awarded" }]);
    expect(await auditAbout(player.userId)).toEqual([
      {
        action: "credits_awarded",
        reason: "Apology for the outage",
        admin_id: admin.userId,
        after: JSON.stringify({ amount: 25 }),
      },
    ]);
  });

  it("deducts like a spend, never below zero, and refuses an id reused for another change", async () => {
    const player = await signedInPlayer(10);
    const adjustmentId = crypto.randomUUID();
    expect(
      (await successOf(adjust(player.userId, { adjustmentId, amount: -4, reason: "Duplicate promo credit" }))).body
        .credits.balance,
    ).toBe(6);

    const tooMuch = await adjust(player.userId, { amount: -7, reason: "Clawback" });
    expect(tooMuch.status).toBe(402);
    expect(await tooMuch.json()).toMatchObject({
      error: { message: "The player's balance cannot cover this deduction" },
    });
    const reused = await adjust(player.userId, { adjustmentId, amount: -5, reason: "Duplicate promo credit" });
    expect(reused.status).toBe(409);

    expect(await balanceOf(player.userId)).toBe(6);
    expect((await auditAbout(player.userId)).map((row) => row.action)).toEqual(["credits_deducted"]);
  });

  it("lets concurrent deductions take only what the balance holds", async () => {
    const player = await signedInPlayer(10);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => adjust(player.userId, { amount: -3, reason: "Race" })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 402)).toHaveLength(3);
    expect(await balanceOf(player.userId)).toBe(1);
    expect(await auditAbout(player.userId)).toHaveLength(3);
  });

  it("answers bad input with the form's messages, and only to admins", async () => {
    const player = await signedInPlayer(10);
    const noReason = await adjust(player.userId, { amount: 5, reason: " " });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ error: { message: "Please give a reason" } });
    const zero = await adjust(player.userId, { amount: 0, reason: "Nothing" });
    expect(zero.status).toBe(400);
    const missing = await adjust("no-such-player", { amount: 5, reason: "Ghost" });
    expect(missing.status).toBe(404);
    const byPlayer = await adjust(player.userId, { amount: 5, reason: "Myself" }, player.bearer);
    expect(byPlayer.status).toBe(403);
    expect(await balanceOf(player.userId)).toBe(10);
  });
});

describe("a player's admin page and the audit log", () => {
  it("shows the player's credits, ledger, picks and the audit entries about them", async () => {
    const player = await signedInPlayer(10);
    const questionId = await insertQuestion({ creditCost: 2, title: "Will it rain?" });
    await placePick(player.userId, questionId, "yes");
    await successOf(adjust(player.userId, { amount: 5, reason: "Welcome back" }));

    const { body } = await successOf(
      apiClient({ headers: admin.bearer }).admin.players[":id"].$get({ param: { id: player.userId } }),
    );
    expect(body.player.id).toBe(player.userId);
    expect(body.credits.balance).toBe(13);
    expect(body.transactions.map((row) => row.transactionType)).toEqual(["admin_adjustment", "spend", "purchase"]);
    expect(body.picks).toMatchObject([
      { questionId, questionTitle: "Will it rain?", creditsSpent: 2, status: "active" },
    ]);
    // Read in one batch with the rest: the admin's and the player's names must not swap or shift the other columns.
    expect(body.audit).toMatchObject([
      {
        action: "credits_awarded",
        reason: "Welcome back",
        adminId: admin.userId,
        entityId: player.userId,
        subjectUserId: player.userId,
        subjectUsername: body.player.username,
      },
    ]);
    expect(body.audit[0]?.adminUsername).not.toBe(body.player.username);

    const found = await successOf(
      apiClient({ headers: admin.bearer }).admin.players.$get({ query: { q: body.player.username } }),
    );
    expect(found.body.items.map((item) => item.id)).toEqual([player.userId]);
  });

  it("filters the log by action and player, and never lets an entry be rewritten or removed", async () => {
    const player = await signedInPlayer(10);
    await successOf(adjust(player.userId, { amount: 3, reason: "Filter me" }));
    const log = await successOf(
      apiClient({ headers: admin.bearer }).admin.audit.$get({
        query: { action: "credits_awarded", subjectUserId: player.userId },
      }),
    );
    expect(log.body.items).toMatchObject([
      { action: "credits_awarded", reason: "Filter me", adminId: admin.userId, after: { amount: 3 } },
    ]);

    await expect(
      env.DB.prepare("UPDATE admin_audit_log SET reason = 'edited' WHERE subject_user_id = ?")
        .bind(player.userId)
        .run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      env.DB.prepare("DELETE FROM admin_audit_log WHERE subject_user_id = ?").bind(player.userId).run(),
    ).rejects.toThrow(/append-only/);
  });
});
