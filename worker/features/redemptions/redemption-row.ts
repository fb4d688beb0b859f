import type { z } from "@hono/zod-openapi";
import type { HoldCause } from "#shared/redemption-holds";
import type { CashOutMethod } from "#shared/redemptions";
import { AppError } from "../../lib/errors";
import type { adminRedemptionSchema, redemptionHoldSchema, redemptionSchema } from "./redemptions.schemas";

export type Redemption = z.infer<typeof redemptionSchema>;
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export type RedemptionStatus = Redemption["status"];
export type RedemptionHold = z.infer<typeof redemptionHoldSchema>;

export type RedemptionRow = {
  id: string;
  user_id: string;
  kind: "gift_card" | "cash_out";
  reward_id: string | null;
  reward_name: string | null;
  method: CashOutMethod | null;
  credits_spent: number;
  value_cents: number;
  user_email: string;
  payout_handle: string | null;
  status: RedemptionStatus;
  note: string | null;
  created_at: number;
  updated_at: number;
  decided_at: number | null;
  hold_cause: HoldCause | null;
  hold_payment_id: string | null;
  held_at: number | null;
};

/** Select list for `gift_card_redemptions g` (with the reward's name); add `FROM gift_card_redemptions g ${REWARD_JOIN}`. */
export const REDEMPTION_COLUMNS = `g.id, g.user_id, g.kind, g.reward_id, r.name AS reward_name, g.method, g.credits_spent,
  g.value_cents, g.user_email, g.payout_handle, g.status, g.note, g.created_at, g.updated_at, g.decided_at,
  g.hold_cause, g.hold_payment_id, g.held_at`;
export const REWARD_JOIN = "LEFT JOIN rewards r ON r.id = g.reward_id";

export const toRedemption = (row: RedemptionRow): Redemption => ({
  id: row.id,
  kind: row.kind,
  rewardId: row.reward_id,
  rewardName: row.reward_name,
  method: row.method,
  creditsSpent: row.credits_spent,
  valueCents: row.value_cents,
  email: row.user_email,
  payoutHandle: row.payout_handle,
  status: row.status,
  note: row.note,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  decidedAt: row.decided_at,
});

/** The hold a refund or dispute put on the redemption, kept on a decided row as the reason it was held. */
export const toHold = (row: RedemptionRow): RedemptionHold | null =>
  row.hold_cause ? { cause: row.hold_cause, paymentId: row.hold_payment_id ?? "", heldAt: row.held_at ?? 0 } : null;

export const readRedemptionRow = (d1: D1Database, id: string) =>
  d1.prepare(`SELECT ${REDEMPTION_COLUMNS} FROM gift_card_redemptions g ${REWARD_JOIN} WHERE g.id = ?`).bind(id).first<RedemptionRow>();

export const alreadyDecided = (status: string) => new AppError("conflict", `This redemption has already been ${status}`);
