import { CASH_OUT_METHOD_LABELS, formatUsd, redemptionValueCents, REDEMPTION_ERRORS as E, type CashOutMethod } from "#shared/redemptions";
import {
  GIFT_CARD_USD_PER_CREDIT,
  REDEMPTION_ALLOWED_COUNTRIES,
  REDEMPTION_DAILY_MAX_CREDITS,
  REDEMPTION_DEFAULT_MAX_CREDITS,
  REDEMPTION_MIN_CREDITS,
} from "../../config";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { AppError } from "../../lib/errors";
import { isStaffRole } from "#shared/staff";
import { staffSql } from "../responsible-play/play-rules";
import type { Receipt } from "../../lib/idempotency";
import { newId } from "../../lib/ids";
import { MOVEMENT_APPLIED_SQL, redeem } from "../credits/ledger.service";
import { creditsStatement, toCredits } from "../picks/pick-row";
import { dailyCapGuard, GUARD_ERRORS, redeemedSinceSql, utcDayStart } from "./redemption-guards";
import {
  readRedemptionByLedgerKey,
  selectOwnRedemption,
  selectRedemption,
  toRedemption,
  withRewardName,
  type RedemptionRow,
} from "./redemption-row";
import { redemptionError } from "./redemptions.schemas";
import { batchNamed, firstRow } from "../../db/statement";
import { playerDb } from "../../db/shards";
import type { SqlColumns } from "../../db/rows";
import type { rewards, userCredits, users } from "../../db/schema";

export type RedemptionTarget = { kind: "gift_card"; rewardId: string } | { kind: "cash_out"; method: CashOutMethod; handle: string | null };

type NewRedemption = {
  userId: string;
  credits: number;
  email: string;
  target: RedemptionTarget;
  /** The request's country at the edge (lib/edge-country.ts); null when unknown. */
  edgeCountry: string | null;
  /** The request's Idempotency-Key: concurrent repeats then share one ledger key, so only one can move credits. */
  requestKey: string | undefined;
  now: number;
};

type RewardLimits = SqlColumns<typeof rewards, "min_amount" | "max_amount" | "country_codes">;

/** An active gift card's name and limits. */
type Reward = { reward_name: string } & RewardLimits;

/** The player's country and credits, today's redeemed total, and (for a gift card) the reward's limits, if it exists. */
type State = SqlColumns<typeof users, "country" | "role"> &
  SqlColumns<typeof userCredits, "balance" | "redeemable"> & { redeemed_today: number; reward_name: string | null } & {
    [K in keyof RewardLimits]: RewardLimits[K] | null;
  };

const STATE_SQL = `SELECT u.country, u.role, COALESCE(c.balance, 0) AS balance, COALESCE(c.redeemable, 0) AS redeemable,
         ${redeemedSinceSql("u.id", "?3")} AS redeemed_today,
         r.name AS reward_name, r.min_amount, r.max_amount, r.country_codes
  FROM users u LEFT JOIN user_credits c ON c.user_id = u.id LEFT JOIN rewards r ON r.id = ?2 AND r.is_active = 1
  WHERE u.id = ?1`;

const REWARD_SQL = "SELECT name AS reward_name, min_amount, max_amount, country_codes FROM rewards WHERE id = ? AND is_active = 1";

/**
 * The player's rows are in their shard and rewards in the catalogue only: one statement joins them where the shard is
 * the catalogue; otherwise the reward is read from the catalogue beside the player's read.
 */
const readState = async (env: Env, d1: D1Database, { userId, target, now }: NewRedemption): Promise<State | null> => {
  const rewardId = target.kind === "gift_card" ? target.rewardId : null;
  const state = (joined: string | null) => d1.prepare(STATE_SQL).bind(userId, joined, utcDayStart(now)).first<State>();
  if (d1 === env.DB || rewardId === null) return state(rewardId);
  const [player, reward] = await Promise.all([state(null), env.DB.prepare(REWARD_SQL).bind(rewardId).first<Reward>()]);
  return player && { ...player, ...reward };
};

/** The rules that need the database, in the product rules' order (minimum and email are checked by the request schema). */
const check = (state: State | null, input: NewRedemption) => {
  if (!state) throw new AppError("unauthorized", E.signIn.message, { title: E.signIn.title });
  if (isStaffRole(state.role)) throw redemptionError("forbidden", E.staff);
  const giftCard = input.target.kind === "gift_card";
  if (giftCard && !state.reward_name) throw redemptionError("not_found", E.reward, "rewardId");
  // The edge's country is where the request comes from; the profile's is only what the player declared, and
  // both must be allowed (and served by the card).
  const served = giftCard ? (JSON.parse(state.country_codes ?? "[]") as string[]) : REDEMPTION_ALLOWED_COUNTRIES;
  for (const country of [input.edgeCountry, state.country]) {
    if (!country || !REDEMPTION_ALLOWED_COUNTRIES.includes(country) || !served.includes(country)) {
      throw redemptionError("rule_violation", E.country);
    }
  }
  if (giftCard) {
    const min = Math.max(REDEMPTION_MIN_CREDITS, state.min_amount ?? 0);
    const max = state.max_amount ?? REDEMPTION_DEFAULT_MAX_CREDITS;
    if (input.credits < min) throw redemptionError("validation_failed", E.minimum(min), "credits");
    if (input.credits > max) throw redemptionError("validation_failed", E.maximum(max), "credits");
  }
  if (state.balance < 0) throw redemptionError("rule_violation", GUARD_ERRORS.balanceBelowZero);
  const left = Math.max(0, REDEMPTION_DAILY_MAX_CREDITS - state.redeemed_today);
  if (input.credits > left) throw redemptionError("rule_violation", GUARD_ERRORS.dailyLimit(left));
  if (input.credits > state.redeemable) throw redemptionError("insufficient_credits", E.insufficient);
};

const ledgerDescription = (target: RedemptionTarget, rewardName: string | null, valueCents: number) =>
  target.kind === "gift_card"
    ? `Gift card redemption: ${rewardName ?? ""} for ${formatUsd(valueCents)}`
    : `Cash-out redemption: ${CASH_OUT_METHOD_LABELS[target.method]} for ${formatUsd(valueCents)}`;

/** What an Idempotency-Key's receipt keeps to answer a committed redemption again. */
export type RedemptionRef = { userId: string; redemptionId: string };

/**
 * One redemption is one batch: the day's cap (checked in SQL), the debit of redeemable credits (checked in SQL
 * against redeemable and balance, so a balance below zero refuses it too), the guard that it happened and the
 * pending row. `created` is false when a concurrent repeat with the same Idempotency-Key already made it.
 */
export const createRedemption = async (env: Env, input: NewRedemption, receipt: Receipt<RedemptionRef> = () => []) => {
  const { userId, credits, target, now } = input;
  const d1 = playerDb(env, userId);
  const state = await readState(env, d1, input);
  check(state, input);
  // The shard holds no rewards to join: the redemption names the reward its check read.
  const named = (row: RedemptionRow) => ({ ...toRedemption(row), rewardName: state?.reward_name ?? null });

  const id = newId();
  const valueCents = redemptionValueCents(credits, GIFT_CARD_USD_PER_CREDIT);
  const ledgerKey = input.requestKey ? `redemption:${target.kind}:${userId}:${input.requestKey}` : `redemption:${id}`;
  const movement = redeem(d1, { userId, amount: credits, idempotencyKey: ledgerKey, now, description: ledgerDescription(target, state?.reward_name ?? null, valueCents) });
  const writes = [
    assertInBatch(d1, `NOT ${staffSql("?")}`, userId),
    dailyCapGuard(d1, userId, credits, now),
    ...movement.statements,
    assertInBatch(d1, MOVEMENT_APPLIED_SQL, movement.transactionId),
    d1
      .prepare(
        `INSERT INTO gift_card_redemptions (id, user_id, kind, reward_id, method, credits_spent, value_cents, user_email,
           payout_handle, country, status, transaction_id, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'pending', ?11, ?12, ?12)`,
      )
      .bind(
        id,
        userId,
        target.kind,
        target.kind === "gift_card" ? target.rewardId : null,
        target.kind === "cash_out" ? target.method : null,
        credits,
        valueCents,
        input.email,
        target.kind === "cash_out" ? target.handle : null,
        input.edgeCountry,
        movement.transactionId,
        now,
      ),
    ...receipt({ userId, redemptionId: id }),
  ];

  try {
    const { created, credits } = await batchNamed(d1, {
      writes,
      created: selectRedemption(d1, id),
      credits: creditsStatement(d1, userId),
    });
    return { redemption: named(created[0]!), credits: toCredits(credits.results[0]), created: true };
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    const twin = await readRedemptionByLedgerKey(d1, ledgerKey);
    if (twin) return { redemption: named(twin), credits: toCredits(await firstRow(creditsStatement(d1, userId))), created: false };
    // Another redemption (or a take-back) moved the credits or the day's total between the check and the batch.
    check(await readState(env, d1, input), input);
    throw new AppError("conflict", "Failed to process your redemption. Please try again.", { title: "Redemption Failed" });
  }
};

/** A redemption that committed under an Idempotency-Key whose answer was lost, read again; moves nothing. */
export const readRedemption = async (env: Env, { userId, redemptionId }: RedemptionRef) => {
  const d1 = playerDb(env, userId);
  const { row, credits } = await batchNamed(d1, {
    row: selectOwnRedemption(d1, redemptionId, userId),
    credits: creditsStatement(d1, userId),
  });
  const redemption = row[0];
  if (!redemption) throw new AppError("not_found", "Redemption not found");
  return { redemption: await withRewardName(env, toRedemption(redemption)), credits: toCredits(credits.results[0]) };
};
