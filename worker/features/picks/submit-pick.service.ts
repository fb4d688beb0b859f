import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { FREE_PICK_PAYOUT, PAYOUT_FACTOR } from "../../config";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { LiveMessage } from "../../../shared/live-messages";
import { spend } from "../credits/ledger.service";
import { referralBonusStatements } from "../referrals/referral-bonus";
import { PICK_COLUMNS, toCredits, toPick, type CreditsRow, type PickRow } from "./pick-row";

type SubmitInput = { userId: string; questionId: string; choice: "yes" | "no"; multiplier: number; now: number };

type QuestionState = {
  title: string;
  credit_cost: number;
  status: string;
  deadline: number;
  has_pick: number;
  balance: number | null;
  username: string;
};

const DUPLICATE = () =>
  new AppError("duplicate", "You have already made a pick for this question", { isDuplicate: true });
const INSUFFICIENT = () => new AppError("insufficient_credits", "Insufficient credits to submit pick");

const readState = (d1: D1Database, userId: string, questionId: string) =>
  d1
    .prepare(
      `SELECT q.title, q.credit_cost, q.status, q.deadline, (SELECT username FROM users WHERE id = ?1) AS username,
         EXISTS (SELECT 1 FROM user_picks WHERE user_id = ?1 AND question_id = q.id) AS has_pick,
         (SELECT balance FROM user_credits WHERE user_id = ?1) AS balance
       FROM questions q WHERE q.id = ?2`,
    )
    .bind(userId, questionId)
    .first<QuestionState>();

/** The rule a pick broke, from the state of things (used before the write, and to explain a refused batch). */
const refusal = (state: QuestionState | null, now: number, cost: number) => {
  if (!state) return new AppError("not_found", "Question not found");
  if (state.has_pick) return DUPLICATE();
  if (state.status !== "published" || state.deadline <= now) {
    return new AppError("rule_violation", "This question is no longer accepting picks");
  }
  if (cost > 0 && (state.balance ?? 0) < cost) return INSUFFICIENT();
  return null;
};

/**
 * One pick is one batch: the spend (checked in SQL), the pick, the question's pick count and the activity entry.
 * Guards abort the whole batch if the question closed, the balance fell short or the pick already exists,
 * so concurrent submissions can never charge twice or pick twice.
 */
export const submitPick = async (d1: D1Database, input: SubmitInput) => {
  const { userId, questionId, choice, now } = input;
  const [state, referral] = await Promise.all([readState(d1, userId, questionId), referralBonusStatements(d1, userId, now)]);
  const free = state?.credit_cost === 0;
  const multiplier = free ? 1 : input.multiplier;
  const cost = (state?.credit_cost ?? 0) * multiplier;
  const early = refusal(state, now, cost);
  if (early || !state) throw early ?? new AppError("not_found", "Question not found");

  const pickId = newId();
  const activityId = newId();
  const payout = free ? FREE_PICK_PAYOUT : cost * PAYOUT_FACTOR;
  const movement = free
    ? null
    : spend(d1, { userId, amount: cost, idempotencyKey: `pick:${userId}:${questionId}`, now, questionId, pickId, description: "Pick" });

  const statements = [
    ...(movement?.statements ?? []),
    d1
      .prepare(
        `INSERT INTO user_picks (id, user_id, question_id, choice, credits_spent, multiplier, potential_payout, status, created_at, updated_at)
         SELECT ?1, ?2, q.id, ?3, ?4, ?5, ?6, 'active', ?7, ?7 FROM questions q
         WHERE q.id = ?8 AND q.status = 'published' AND q.deadline > ?7 AND q.credit_cost * ?5 = ?4`,
      )
      .bind(pickId, userId, choice, cost, multiplier, payout, now, questionId),
    assertInBatch(
      d1,
      movement ? "EXISTS (SELECT 1 FROM user_picks WHERE id = ?) AND EXISTS (SELECT 1 FROM credit_transactions WHERE id = ?)" : "EXISTS (SELECT 1 FROM user_picks WHERE id = ?)",
      ...(movement ? [pickId, movement.transactionId] : [pickId]),
    ),
    d1.prepare("UPDATE questions SET pick_count = pick_count + 1 WHERE id = ?").bind(questionId),
    d1
      .prepare("INSERT INTO activity_feed (id, user_id, question_id, kind, choice, credits, created_at) VALUES (?, ?, ?, 'pick', ?, ?, ?)")
      .bind(activityId, userId, questionId, choice, cost, now),
    // A referred friend's first pick pays the referral bonuses in the same batch (empty once paid).
    ...referral,
    d1.prepare(`SELECT ${PICK_COLUMNS} FROM user_picks p WHERE p.id = ?`).bind(pickId),
    d1.prepare("SELECT balance, total_earned, total_spent, redeemable FROM user_credits WHERE user_id = ?").bind(userId),
  ];

  try {
    const results = await d1.batch(statements);
    const pickRow = results.at(-2)?.results[0] as PickRow;
    const creditsRow = results.at(-1)?.results[0] as CreditsRow | undefined;
    const pick = toPick(pickRow);
    const credits = toCredits(creditsRow);
    const events: LiveMessage[] = [
      { type: "credits", data: credits },
      { type: "pick", data: { id: pick.id, questionId, status: pick.status, actualPayout: pick.actualPayout } },
      ...(movement
        ? [{ type: "transaction" as const, data: { id: movement.transactionId, amount: -cost, transactionType: "spend", description: "Pick", createdAt: now } }]
        : []),
    ];
    const activity: LiveMessage = {
      type: "activity",
      data: { id: activityId, kind: "pick", username: state.username, questionId, questionTitle: state.title, choice, credits: cost, createdAt: now },
    };
    return { body: { pick, credits }, events, activity };
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    throw refusal(await readState(d1, userId, questionId), Date.now(), cost) ?? new AppError("conflict", "Failed to submit pick");
  }
};
