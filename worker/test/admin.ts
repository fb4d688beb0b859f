import { env } from "cloudflare:test";
import type { TestAccount } from "./accounts";
import { callJson } from "./http";
import { firstInAnyShard } from "./players";

export type OutcomeReply = {
  picksUpdated: number;
  creditsAwarded: number;
  complete: boolean;
  error?: { code: string; message: string };
};

export const putOutcome = (admin: TestAccount, questionId: string, outcome: string) =>
  callJson<OutcomeReply>(`/api/admin/questions/${questionId}/outcome`, {
    method: "PUT",
    headers: admin.bearer,
    json: { outcome, reason: "Correction in a test" },
  });

export type PickState = { status: string; actual_payout: number; settled_version: number };

export const pickState = (pickId: string) =>
  firstInAnyShard<PickState>("SELECT status, actual_payout, settled_version FROM user_picks WHERE id = ?", pickId);

export const questionState = async (questionId: string) =>
  env.DB.prepare("SELECT status, outcome, settlement_version, settled_version FROM questions WHERE id = ?")
    .bind(questionId)
    .first<{ status: string; outcome: string; settlement_version: number; settled_version: number }>();
