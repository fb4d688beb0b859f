import { and, eq } from "drizzle-orm";
import {
  CASH_OUT_METHOD_LABELS,
  formatUsd,
  redemptionValueCents,
  REDEMPTION_ERRORS as E,
  type CashOutMethod,
} from "#shared/redemptions";
import {
  GIFT_CARD_USD_PER_CREDIT,
  REDEMPTION_ALLOWED_COUNTRIES,
  REDEMPTION_DAILY_MAX_CREDITS,
  REDEMPTION_DEFAULT_MAX_CREDITS,
  REDEMPTION_MIN_CREDITS,
} from "../../config";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { queueEmail } from "../emails/email-deliveries";
import { redemptionReceivedEmail } from "./redemption-emails";
import { AppError } from "../../lib/errors";
import { isStaffRole } from "#shared/staff";
import { staffSql } from "../play-rules/play-rules";
import type { Receipt } from "../../db/idempotency";
import { newId } from "../../lib/ids";
import { MOVEMENT_APPLIED_SQL, redeem } from "../credits/ledger.service";
import { creditsStatement, toCredits } from "../credits/credits-row";
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
import { batchNamed, firstRow, typed } from "../../db/statement";
import { createDb } from "../../db/client";
import { boundQuery, type RowOf } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import type { SqlColumns } from "../../db/rows";
import { rewards, type userCredits, type users } from "../../db/schema";

export type RedemptionTarget =
  { kind: "gift_card"; rewardId: string } | { kind: "cash_out"; method: CashOutMethod; handle: string | null };

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
  /** The app's address, for the email the redemption's batch keeps for sending. */
  appUrl: string;
};

/** The player's country and credits, and today's redeemed total. */
type PlayerState = SqlColumns<typeof users, "country" | "role"> &
  SqlColumns<typeof userCredits, "balance" | "redeemable"> & { redeemed_today: number };

const PLAYER_STATE_SQL = `SELECT u.country, u.role, COALESCE(c.balance, 0) AS balance, COALESCE(c.redeemable, 0) AS redeemable,
         ${redeemedSinceSql("u.id", "?2")} AS redeemed_today
  FROM users u LEFT JOIN user_credits c ON c.user_id = u.id
  WHERE u.id = ?1 AND u.deleted_at IS NULL`;

/** An active gift card's name and limits. */
const activeReward = (catalogue: D1Database, rewardId: string) => {
  const { name, minAmount, maxAmount, countryCodes } = rewards;
  return boundQuery(
    catalogue,
    createDb(catalogue)
      .select({ name, minAmount, maxAmount, countryCodes })
      .from(rewards)
      .where(and(eq(rewards.id, rewardId), eq(rewards.isActive, true))),
  );
};

type State = PlayerState & { reward: RowOf<typeof activeReward> | null };

/** The player's rows are in their database and rewards in the catalogue only: one batch where they are one database. */
const readState = async (data: DataContext, { userId, target, now }: NewRedemption): Promise<State | null> => {
  const { player, reward } = await data.readCatalogueAndPlayer(
    userId,
    (catalogue) => ({ reward: target.kind === "gift_card" ? [activeReward(catalogue, target.rewardId)] : [] }),
    (d1) => ({ player: typed<PlayerState>(d1.prepare(PLAYER_STATE_SQL).bind(userId, utcDayStart(now))) }),
  );
  const state = player.results[0];
  return state ? { ...state, reward: reward[0]?.[0] ?? null } : null;
};

/** The rules that need the database, in the product rules' order (minimum and email are checked by the request schema). */
const check = (state: State | null, input: NewRedemption) => {
  if (!state) throw new AppError("unauthorized", E.signIn.message, { title: E.signIn.title });
  if (isStaffRole(state.role)) throw redemptionError("forbidden", E.staff);
  const giftCard = input.target.kind === "gift_card";
  if (giftCard && !state.reward) throw redemptionError("not_found", E.reward, "rewardId");
  // The edge's country is where the request comes from; the profile's is only what the player declared, and
  // both must be allowed (and served by the card).
  const served = giftCard ? (state.reward?.countryCodes ?? []) : REDEMPTION_ALLOWED_COUNTRIES;
  for (const country of [input.edgeCountry, state.country]) {
    if (!country || !REDEMPTION_ALLOWED_COUNTRIES.includes(country) || !served.includes(country)) {
      throw redemptionError("rule_violation", E.country);
    }
  }
  if (giftCard) {
    const min = Math.max(REDEMPTION_MIN_CREDITS, state.reward?.minAmount ?? 0);
    const max = state.reward?.maxAmount ?? REDEMPTION_DEFAULT_MAX_CREDITS;
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
export const createRedemption = async (
  data: DataContext,
  input: NewRedemption,
  receipt: Receipt<RedemptionRef> = () => [],
) => {
  const { userId, credits, target, now } = input;
  const d1 = data.player(userId);
  const state = await readState(data, input);
  check(state, input);
  // The player's database may hold no rewards to join: the redemption names the reward its check read.
  const rewardName = state?.reward?.name ?? null;
  const named = (row: RedemptionRow) => ({ ...toRedemption(row), rewardName });

  const id = newId();
  const valueCents = redemptionValueCents(credits, GIFT_CARD_USD_PER_CREDIT);
  const ledgerKey = input.requestKey ? `redemption:${target.kind}:${userId}:${input.requestKey}` : `redemption:${id}`;
  const receivedEmail = await redemptionReceivedEmail(input.appUrl, {
    email: input.email,
    kind: target.kind,
    rewardName,
    method: target.kind === "cash_out" ? target.method : null,
    valueCents,
    creditsSpent: credits,
    note: null,
  });
  const movement = redeem(d1, {
    userId,
    amount: credits,
    idempotencyKey: ledgerKey,
    now,
    description: ledgerDescription(target, rewardName, valueCents),
  });
  const writes = [
    assertInBatch(d1, `NOT ${staffSql("?")}`, userId),
    // An account deleted since the check: its deletion found no pending redemption, and none may follow it.
    assertInBatch(d1, "NOT EXISTS (SELECT 1 FROM users WHERE id = ? AND deleted_at IS NOT NULL)", userId),
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
    queueEmail(d1, userId, receivedEmail, now),
    ...receipt({ userId, redemptionId: id }),
  ];

  try {
    const { created, credits } = await batchNamed(d1, {
      writes,
      created: selectRedemption(d1, id),
      credits: creditsStatement(d1, userId),
    });
    data.metrics.write({ event: "redemption", kind: target.kind, step: "requested", credits: input.credits });
    return { redemption: named(created[0]!), credits: toCredits(credits.results[0]), created: true };
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    const twin = await readRedemptionByLedgerKey(d1, ledgerKey);
    if (twin)
      return {
        redemption: named(twin),
        credits: toCredits(await firstRow(creditsStatement(d1, userId))),
        created: false,
      };
    // Another redemption (or a take-back) moved the credits or the day's total between the check and the batch.
    check(await readState(data, input), input);
    throw new AppError("conflict", "Failed to process your redemption. Please try again.", {
      title: "Redemption Failed",
    });
  }
};

/** A redemption that committed under an Idempotency-Key whose answer was lost, read again; moves nothing. */
export const readRedemption = async (data: DataContext, { userId, redemptionId }: RedemptionRef) => {
  const d1 = data.player(userId);
  const { row, credits } = await batchNamed(d1, {
    row: selectOwnRedemption(d1, redemptionId, userId),
    credits: creditsStatement(d1, userId),
  });
  const redemption = row[0];
  if (!redemption) throw new AppError("not_found", "Redemption not found");
  return { redemption: await withRewardName(data, toRedemption(redemption)), credits: toCredits(credits.results[0]) };
};
