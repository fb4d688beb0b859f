import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { signedInPlayer } from "../../test/sessions";

type Reply = { success?: true; creditsAwarded?: number; code?: string; error?: { code: string; message: string } };
type PromoCode = { code: string; credits: number; active: boolean; expiresAt: number | null; maxRedemptions: number | null; redemptionCount: number };

let admin: TestAccount;
beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const createCode = (json: Record<string, unknown>) =>
  callJson<{ promoCode: PromoCode; error?: { message: string } }>("/api/admin/promo-codes", { method: "POST", headers: admin.bearer, json });

const redeem = (headers: Record<string, string>, code: unknown) =>
  callJson<Reply>("/api/promo-codes/redeem", { method: "POST", headers, json: { code } });

describe("POST /api/promo-codes/redeem", () => {
  it("credits a code once, trimmed and case-insensitive, as bonus credits", async () => {
    await createCode({ code: "welcome10", credits: 10 });
    const player = await signedInPlayer();
    const first = await redeem(player.bearer, "  Welcome10 ");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, creditsAwarded: 10, code: "WELCOME10" });
    const again = await redeem(player.bearer, "WELCOME10");
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe("You have already used this promo code");
    const row = await env.DB.prepare("SELECT transaction_type, source, amount FROM credit_transactions WHERE user_id = ?")
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
      expect(reply.body.error?.message).toBe("You have already used this promo code");
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
      expect(reply.body.error?.message).toBe("Invalid or inactive promo code");
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
      [undefined, 400, "Please enter a promo code"],
    ] as const;
    for (const [code, status, message] of cases) {
      const reply = await redeem(player.bearer, code);
      expect(reply.status, String(code)).toBe(status);
      expect(reply.body.error?.message).toBe(message);
    }
    const visitor = await redeem({}, "OLDIE");
    expect(visitor.status).toBe(401);
    expect(visitor.body.error?.message).toBe("Please sign in to redeem promo codes");
    expect(await balanceOf(player.userId)).toBe(0);
  });
});

describe("admin promo codes", () => {
  it("create, list and deactivate codes, refusing duplicates and bad input", async () => {
    const created = await createCode({ code: " spring-25 ", credits: 25, maxRedemptions: 100 });
    expect(created.status).toBe(201);
    expect(created.body.promoCode).toMatchObject({ code: "SPRING-25", credits: 25, active: true, maxRedemptions: 100, redemptionCount: 0 });
    expect((await createCode({ code: "SPRING-25", credits: 1 })).status).toBe(409);
    expect((await createCode({ code: "a b", credits: 1 })).status).toBe(400);
    expect((await createCode({ code: "ZERO", credits: 0 })).body.error?.message).toBe("Credits must be at least 1");

    const list = await successOf(apiClient({ headers: admin.bearer }).admin["promo-codes"].$get({ query: {} }));
    expect(list.body.items.map((item) => item.code)).toContain("SPRING-25");

    const patched = await successOf(apiClient({ headers: admin.bearer }).admin["promo-codes"][":code"].$patch({ param: { code: "spring-25" }, json: { active: false } }));
    expect(patched.body.promoCode).toMatchObject({ code: "SPRING-25", active: false, credits: 25 });
    const player = await signedInPlayer();
    expect((await redeem(player.bearer, "SPRING-25")).body.error?.message).toBe("Invalid or inactive promo code");
    const missing = await callJson("/api/admin/promo-codes/NOSUCH", { method: "PATCH", headers: admin.bearer, json: { active: false } });
    expect(missing.status).toBe(404);
  });

  it("are for admins only", async () => {
    const player = await signedInPlayer();
    expect((await callJson("/api/admin/promo-codes", { headers: player.bearer })).status).toBe(403);
    expect((await callJson("/api/admin/promo-codes", { method: "POST", headers: player.bearer, json: { code: "X1X", credits: 1 } })).status).toBe(403);
    expect((await callJson("/api/admin/promo-codes")).status).toBe(401);
  });
});
