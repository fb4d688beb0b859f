import type { Pick } from "./picks.schemas";

export type PickRow = {
  id: string;
  question_id: string;
  choice: "yes" | "no";
  credits_spent: number;
  multiplier: number;
  pick_type: string;
  potential_payout: number;
  actual_payout: number;
  status: Pick["status"];
  created_at: number;
  updated_at: number;
};

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

export type CreditsRow = { balance: number; total_earned: number; total_spent: number; redeemable: number };

export const toCredits = (row: CreditsRow | null | undefined) => ({
  balance: row?.balance ?? 0,
  totalEarned: row?.total_earned ?? 0,
  totalSpent: row?.total_spent ?? 0,
  redeemable: row?.redeemable ?? 0,
});
