import { env } from "cloudflare:test";
import { shardOf } from "../../test/players";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { signedInPlayer } from "../../test/sessions";

type NewPromoCode = Parameters<ReturnType<typeof apiClient>["admin"]["promo-codes"]["$post"]>[0]["json"];

let admin: TestAccount;
beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const createCode = (json: NewPromoCode) => apiClient({ headers: admin.bearer }).admin["promo-codes"].$post({ json });

const redeem = (headers: Record<string, string>, code: string) =>
  apiClient({ headers })["promo-codes"].redeem.$post({ json: { code }, header: {} });

describe("POST /api/promo-codes/redeem", () => {
  it("credits a code once, trimmed and case-insensitive, as bonus credits", async () => {
    await createCode({ code: "welcome10", credits: 10 });
    const player = await signedInPlayer();
    const first = await successOf(redeem(player.bearer, "  Welcome10 "));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, creditsAwarded: 10, code: "WELCOME10" });
    const again = await redeem(player.bearer, "WELCOME10");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: "You have already used this promo code" } });
    const row = await shardOf(player.userId)
      .prepare("SELECT transaction_type, source, amount FROM credit_transactions WHERE user_id = ?")
      .bind(player.userId)
      .first();
    expect(row).toEqual({ transaction_type: "promo_code", source: "bonus", amount: 10 });
    await expectLedgerClean();
  });

  it("credits one user once when the same code is sent 20 times at once", async () => {
    await createCode({ code: "RUSH20", credits: 20 });
    const player = await signedInPlayer();
    const replies = await Promise.all(Array.from({ length: 20 }, () => redeem(player.bearer, "rush20")));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    for (const reply of replies.filter((item) => item.status !== 200)) {
      expect(reply.status).toBe(409);
      expect(await reply.json()).toMatchObject({ error: { message: "You have already used this promo code" } });
    }
    expect(await balanceOf(player.userId)).toBe(20);
    await expectLedgerClean();
  });

  it("credits exactly 3 of 10 users at once for a code capped at 3", async () => {
    await createCode({ code: "FIRST3", credits: 7, maxRedemptions: 3 });
    const players = await Promise.all(Array.from({ length: 10 }, () => signedInPlayer()));
    const replies = await Promise.all(players.map((player) => redeem(player.bearer, "FIRST3")));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
    for (const reply of replies.filter((item) => item.status !== 200)) {
      expect(await reply.json()).toMatchObject({ error: { message: "Invalid or inactive promo code" } });
    }
    const balances = await Promise.all(players.map((player) => balanceOf(player.userId)));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(21);
    const stored = await env.DB.prepare("SELECT redemption_count FROM promo_codes WHERE code = 'FIRST3'").first();
    expect(stored).toEqual({ redemption_count: 3 });
    await expectLedgerClean();
  });

  it("answers the product's messages for unknown, inactive, expired and empty codes and for visitors", async () => {
    await createCode({ code: "OLDIE", credits: 5, expiresAt: Date.now() - 1000 });
    await createCode({ code: "PAUSED", credits: 5, active: false });
    const player = await signedInPlayer();
    const cases = [
      ["NOPE", 404, "Invalid or inactive promo code"],
      ["PAUSED", 404, "Invalid or inactive promo code"],
      ["oldie", 422, "This promo code has expired"],
      ["   ", 400, "Please enter a promo code"],
    ] as const;
    for (const [code, status, message] of cases) {
      const reply = await redeem(player.bearer, code);
      expect(reply.status, code).toBe(status);
      expect(await reply.json()).toMatchObject({ error: { message } });
    }
    // No code at all is outside the route's types, so sent untyped.
    const missing = await callJson("/api/promo-codes/redeem", { method: "POST", headers: player.bearer, json: {} });
    expect(missing.status, "undefined").toBe(400);
    expect(missing.body).toMatchObject({ error: { message: "Please enter a promo code" } });
    const visitor = await redeem({}, "OLDIE");
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ error: { message: "Please sign in to redeem promo codes" } });
    expect(await balanceOf(player.userId)).toBe(0);
  });
});

describe("admin promo codes", () => {
  it("create, list and deactivate codes, refusing duplicates and bad input", async () => {
    const created = await successOf(createCode({ code: " spring-25 ", credits: 25, maxRedemptions: 100 }));
    expect(created.status).toBe(201);
    expect(created.body.promoCode).toMatchObject({
      code: "SPRING-25",
      credits: 25,
      active: true,
      maxRedemptions: 100,
      redemptionCount: 0,
    });
    expect((await createCode({ code: "SPRING-25", credits: 1 })).status).toBe(409);
    expect((await createCode({ code: "a b", credits: 1 })).status).toBe(400);
    expect(await (await createCode({ code: "ZERO", credits: 0 })).json()).toMatchObject({
      error: { message: "Credits must be at least 1" },
    });

    const list = await successOf(apiClient({ headers: admin.bearer }).admin["promo-codes"].$get({ query: {} }));
    expect(list.body.items.map((item) => item.code)).toContain("SPRING-25");

    const patched = await successOf(
      apiClient({ headers: admin.bearer }).admin["promo-codes"][":code"].$patch({
        param: { code: "spring-25" },
        json: { active: false },
      }),
    );
    expect(patched.body.promoCode).toMatchObject({ code: "SPRING-25", active: false, credits: 25 });
    const audit = await env.DB.prepare(
      "SELECT before, after FROM admin_audit_log WHERE action = 'promo_code.update' AND entity_id = 'SPRING-25'",
    ).first<{ before: string; after: string }>();
    // Only the field the edit sent, before and after: the admin's log reads it as one change.
    expect([JSON.parse(audit!.before), JSON.parse(audit!.after)]).toEqual([{ active: true }, { active: false }]);
    const player = await signedInPlayer();
    expect(await (await redeem(player.bearer, "SPRING-25")).json()).toMatchObject({
      error: { message: "Invalid or inactive promo code" },
    });
    const missing = await apiClient({ headers: admin.bearer }).admin["promo-codes"][":code"].$patch({
      param: { code: "NOSUCH" },
      json: { active: false },
    });
    expect(missing.status).toBe(404);
  });

  it("are for admins only", async () => {
    const player = await signedInPlayer();
    const promoCodes = (headers: Record<string, string>) => apiClient({ headers }).admin["promo-codes"];
    expect((await promoCodes(player.bearer).$get({ query: {} })).status).toBe(403);
    expect((await promoCodes(player.bearer).$post({ json: { code: "X1X", credits: 1 } })).status).toBe(403);
    expect((await promoCodes({}).$get({ query: {} })).status).toBe(401);
  });
});
