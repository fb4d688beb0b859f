import { env } from "cloudflare:test";
import type { ErrorBody } from "../lib/errors";
import type { TestAccount } from "./accounts";
import type { apiClient, Success } from "./client";
import { callJson } from "./http";

type GiftCardPost = ReturnType<typeof apiClient>["redemptions"]["gift-card"]["$post"];
/** The success body both routes share, as the typed client reads it, or the error handler's body when refused. */
type Answer = Success<Awaited<ReturnType<GiftCardPost>>> & ErrorBody;

// Untyped on purpose: tests send bodies the routes' types refuse (no email, an unconfirmed age) through these.
export const redeemGiftCard = (account: TestAccount | null, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  callJson<Answer>("/api/redemptions/gift-card", {
    method: "POST",
    headers: { ...account?.bearer, ...headers },
    json: { rewardId: "amazon", email: account?.email ?? "someone@example.com", ageConfirmed: true, ...json },
  });

export const cashOut = (account: TestAccount | null, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  callJson<Answer>("/api/redemptions/cash-out", {
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
