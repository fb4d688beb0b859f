import { env } from "cloudflare:test";
import type { TestAccount } from "./accounts";
import { callJson } from "./http";

export type ErrorBody = { error: { code: string; message: string; title?: string; field?: string } };
export type RedemptionBody = {
  redemption: { id: string; status: string; creditsSpent: number; valueCents: number; rewardName: string | null; note: string | null };
  credits: { balance: number; redeemable: number; totalSpent: number };
};

export const redeemGiftCard = (account: TestAccount | null, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  callJson<RedemptionBody & ErrorBody>("/api/redemptions/gift-card", {
    method: "POST",
    headers: { ...account?.bearer, ...headers },
    json: { rewardId: "amazon", email: account?.email ?? "someone@example.com", ageConfirmed: true, ...json },
  });

export const cashOut = (account: TestAccount | null, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  callJson<RedemptionBody & ErrorBody>("/api/redemptions/cash-out", {
    method: "POST",
    headers: { ...account?.bearer, ...headers },
    json: { method: "visa", email: account?.email ?? "someone@example.com", ageConfirmed: true, ...json },
  });

export const creditsOf = (userId: string) =>
  env.DB.prepare("SELECT balance, redeemable, total_spent FROM user_credits WHERE user_id = ?")
    .bind(userId)
    .first<{ balance: number; redeemable: number; total_spent: number }>();

export const redemptionCount = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM gift_card_redemptions WHERE user_id = ?").bind(userId).first<{ n: number }>())?.n ?? 0;
