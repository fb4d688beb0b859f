import type { SqlColumns } from "../../db/rows";
import type { userPicks } from "../../db/schema";
import type { Pick } from "./picks.schemas";

export type PickRow = SqlColumns<
  typeof userPicks,
  | "id"
  | "question_id"
  | "choice"
  | "credits_spent"
  | "multiplier"
  | "pick_type"
  | "potential_payout"
  | "actual_payout"
  | "status"
  | "created_at"
  | "updated_at"
>;

export const PICK_COLUMNS = `p.id, p.question_id, p.choice, p.credits_spent, p.multiplier, p.pick_type, p.potential_payout,
  p.actual_payout, p.status, p.created_at, p.updated_at`;

export const toPick = (row: PickRow): Pick => ({
  id: row.id,
  questionId: row.question_id,
  choice: row.choice,
  creditsSpent: row.credits_spent,
  multiplier: row.multiplier,
  pickType: row.pick_type,
  potentialPayout: row.potential_payout,
  actualPayout: row.actual_payout,
  status: row.status,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
