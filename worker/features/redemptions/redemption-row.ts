import type { z } from "@hono/zod-openapi";
import type { SqlColumns, SqlRow } from "../../db/rows";
import type { giftCardRedemptions, rewards } from "../../db/schema";
import { firstRow, typed } from "../../db/statement";
import { AppError } from "../../lib/errors";
import type { adminRedemptionSchema, redemptionHoldSchema, redemptionSchema } from "./redemptions.schemas";

export type Redemption = z.infer<typeof redemptionSchema>;
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export type RedemptionStatus = Redemption["status"];
export type RedemptionHold = z.infer<typeof redemptionHoldSchema>;

export type RedemptionRow = SqlColumns<
  typeof giftCardRedemptions,
  | "id"
  | "user_id"
  | "kind"
  | "reward_id"
  | "method"
  | "credits_spent"
  | "value_cents"
  | "user_email"
  | "payout_handle"
  | "status"
  | "note"
  | "created_at"
  | "updated_at"
  | "decided_at"
  | "hold_cause"
  | "hold_payment_id"
  | "held_at"
> & { reward_name: SqlRow<typeof rewards>["name"] | null };

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

export const selectRedemption = (d1: D1Database, id: string) =>
  typed<RedemptionRow>(d1.prepare(`SELECT ${REDEMPTION_COLUMNS} FROM gift_card_redemptions g ${REWARD_JOIN} WHERE g.id = ?`).bind(id));

export const readRedemptionRow = (d1: D1Database, id: string) => firstRow(selectRedemption(d1, id));

export const alreadyDecided = (status: string) => new AppError("conflict", `This redemption has already been ${status}`);
