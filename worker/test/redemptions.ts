import { env } from "cloudflare:test";
import { playerDb } from "../db/shards";
import type { ErrorBody } from "../lib/errors";
import type { TestAccount } from "./accounts";
import type { apiClient, Success } from "./client";
import { callJson } from "./http";

type GiftCardPost = ReturnType<typeof apiClient>["redemptions"]["gift-card"]["$post"];
/** The success body both routes share, as the typed client reads it, or the error handler's body when refused. */
type Answer = Success<Awaited<ReturnType<GiftCardPost>>> & ErrorBody;

/** A signed-up account, or a player made by signedInPlayer (no email of their own: the payout email is then made up). */
type Redeemer = Pick<TestAccount, "bearer"> & Partial<Pick<TestAccount, "email">>;

// Untyped on purpose: tests send bodies the routes' types refuse (no email, an unconfirmed age) through these.
// `env` replaces the test environment (twoShardEnv() for players over two shards).
export const redeemGiftCard = (
  account: Redeemer | null,
  json: Record<string, unknown>,
  headers: Record<string, string> = {},
  env?: Env,
) =>
  callJson<Answer>("/api/redemptions/gift-card", {
    method: "POST",
    headers: { ...account?.bearer, ...headers },
    json: { rewardId: "amazon", email: account?.email ?? "someone@example.com", ageConfirmed: true, ...json },
    env,
  });

export const cashOut = (
  account: Redeemer | null,
  json: Record<string, unknown>,
  headers: Record<string, string> = {},
  env?: Env,
) =>
  callJson<Answer>("/api/redemptions/cash-out", {
    method: "POST",
    headers: { ...account?.bearer, ...headers },
    json: { method: "visa", email: account?.email ?? "someone@example.com", ageConfirmed: true, ...json },
    env,
  });

export const creditsOf = (userId: string, d1: D1Database = playerDb(env, userId)) =>
  d1
    .prepare("SELECT balance, redeemable, total_spent FROM user_credits WHERE user_id = ?")
    .bind(userId)
    .first<{ balance: number; redeemable: number; total_spent: number }>();

export const redemptionCount = async (userId: string) =>
  (
    await playerDb(env, userId)
      .prepare("SELECT count(*) AS n FROM gift_card_redemptions WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>()
  )?.n ?? 0;
