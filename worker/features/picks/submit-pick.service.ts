import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import type { SqlColumns, SqlRow } from "../../db/rows";
import type { questions, userCredits, users } from "../../db/schema";
import { batchNamed, typed } from "../../db/statement";
import { FREE_PICK_PAYOUT, PAYOUT_FACTOR } from "../../config";
import { AppError } from "../../lib/errors";
import type { Receipt } from "../../db/idempotency";
import { newId } from "../../lib/ids";
import type { LiveMessage } from "#shared/live-messages";
import { spendSelected } from "../credits/selected-movements";
import {
  blockedSql,
  playRefusal,
  readPlayState,
  staffRefusal,
  staffSql,
  withinLimitsSql,
} from "../play-rules/play-rules";
import { paidFriendStatement, paidReferrerStatement, referralBonusStatements } from "../referrals/referral-bonus";
import type { Delivery } from "../../realtime/live-hubs";
import { PICK_COLUMNS, toPick, type PickRow } from "./pick-row";
import { creditsStatement, toCredits, type CreditsRow } from "../credits/credits-row";

type SubmitInput = {
  userId: string;
  questionId: string;
  choice: "yes" | "no";
  multiplier: number;
  now: number;
  /**
   * false for a player nobody referred: the referral statements could only do nothing, and they are seven of the
   * batch's statements, so they are left out. Unknown keeps them, and they decide in SQL.
   */
  referred?: boolean;
  /** A statement that aborts the batch unless the player's session is live, when it was not checked before (writeAsPlayer). */
  sessionGuard?: D1PreparedStatement | null;
};

/** The ids a committed pick is answered again from (kept in the Idempotency-Key's receipt). */
export type PickRef = { userId: string; pickId: string; transactionId: string; activityId: string };

type QuestionState = SqlColumns<typeof questions, "credit_cost" | "status" | "deadline"> & {
  has_pick: number;
  balance: SqlRow<typeof userCredits>["balance"] | null;
};

type ResultRow = PickRow & {
  question_title: SqlRow<typeof questions>["title"];
  username: SqlRow<typeof users>["username"];
};

const DUPLICATE = () =>
  new AppError("duplicate", "You have already made a pick for this question", { isDuplicate: true });
const INSUFFICIENT = () => new AppError("insufficient_credits", "Insufficient credits to submit pick");

const readState = (d1: D1Database, userId: string, questionId: string) =>
  d1
    .prepare(
      `SELECT q.credit_cost, q.status, q.deadline,
         EXISTS (SELECT 1 FROM user_picks WHERE user_id = ?1 AND question_id = q.id) AS has_pick,
         (SELECT balance FROM user_credits WHERE user_id = ?1) AS balance
       FROM questions q WHERE q.id = ?2`,
    )
    .bind(userId, questionId)
    .first<QuestionState>();

/** The pick's INSERT binds the player as ?2 and the time as ?7. */
const PICK_BINDS = { user: "?2", now: "?7" };

/**
 * The rule a refused pick broke, from the state of things after the batch (a free question costs 0 at any
 * multiplier). A break, a self-exclusion or a spend limit is said before the balance: topping up would not help.
 */
const refusal = async (d1: D1Database, state: QuestionState | null, input: SubmitInput) => {
  if (!state) return new AppError("not_found", "Question not found");
  if (state.has_pick) return DUPLICATE();
  if (state.status !== "published" || state.deadline <= input.now) {
    return new AppError("rule_violation", "This question is no longer accepting picks");
  }
  const cost = state.credit_cost * input.multiplier;
  const playState = await readPlayState(d1, input.userId, input.now);
  const play = staffRefusal(playState) ?? playRefusal(playState, "spend", cost);
  if (play) return play;
  if ((state.balance ?? 0) < cost) return INSUFFICIENT();
  return null;
};

/** The batch's last statements, and a replay's only ones: the pick with what the live messages need, and the credits. */
const resultStatements = (d1: D1Database, { userId, pickId }: PickRef) => ({
  pick: typed<ResultRow>(
    d1
      .prepare(
        `SELECT ${PICK_COLUMNS}, q.title AS question_title, u.username
         FROM user_picks p JOIN questions q ON q.id = p.question_id JOIN users u ON u.id = p.user_id WHERE p.id = ?`,
      )
      .bind(pickId),
  ),
  credits: creditsStatement(d1, userId),
});

type ResultReads = { pick: D1Result<ResultRow>; credits: D1Result<CreditsRow> };

const referrerDelivery = (referrer: D1Result<CreditsRow & { user_id: string }> | undefined): Delivery[] => {
  const row = referrer?.results[0];
  return row ? [{ userId: row.user_id, messages: [{ type: "credits", data: toCredits(row) }] }] : [];
};

const toResult = (reads: ResultReads, ref: PickRef, others: Delivery[] = []) => {
  const row = reads.pick.results[0];
  // Only a replay can miss it: the question was deleted (and the pick refunded) since.
  if (!row) throw new AppError("not_found", "Question not found");
  const pick = toPick(row);
  const credits = toCredits(reads.credits.results[0]);
  const cost = pick.creditsSpent;
  const events: LiveMessage[] = [
    { type: "credits", data: credits },
    {
      type: "pick",
      data: { id: pick.id, questionId: pick.questionId, status: pick.status, actualPayout: pick.actualPayout },
    },
    ...(cost > 0
      ? [
          {
            type: "transaction" as const,
            data: {
              id: ref.transactionId,
              amount: -cost,
              transactionType: "spend",
              description: "Pick",
              createdAt: pick.createdAt,
            },
          },
        ]
      : []),
  ];
  const activity: LiveMessage = {
    type: "activity",
    data: {
      id: ref.activityId,
      kind: "pick",
      username: row.username,
      questionId: pick.questionId,
      questionTitle: row.question_title,
      choice: pick.choice,
      credits: cost,
      createdAt: pick.createdAt,
    },
  };
  return { body: { pick, credits }, events, activity, others };
};

export type PickResult = ReturnType<typeof toResult>;
/** `paidReferrerId`: the batch paid a referred friend's bonus, so this referrer (maybe in another database) is owed theirs. */
export type SubmittedPick = PickResult & { paidReferrerId: string | null };

/**
 * One pick is one batch, and one D1 round trip: the spend (its amount, credit_cost x multiplier, and the balance
 * check inside SQL), the pick, the question's pick count, the activity entry, the referral bonuses and the answer.
 * Nothing is read first: guards abort the whole batch if the question is missing or closed, the balance fell short
 * or the pick already exists, so concurrent submissions can never charge twice or pick twice. Only a refused batch
 * reads the state, to say which rule it broke; when none does any more, the batch runs once again.
 */
export const submitPick = (
  d1: D1Database,
  input: SubmitInput,
  receipt: Receipt<PickRef> = () => [],
): Promise<SubmittedPick> => attemptPick(d1, input, receipt, { retries: 1 });

const attemptPick = async (
  d1: D1Database,
  input: SubmitInput,
  receipt: Receipt<PickRef>,
  { retries }: { retries: number },
): Promise<SubmittedPick> => {
  const { userId, questionId, choice, multiplier, now } = input;
  const pickId = newId();
  const movement = spendSelected(d1, {
    userId,
    amount: { sql: "SELECT credit_cost * ? AS amount FROM questions WHERE id = ?", params: [multiplier, questionId] },
    idempotencyKey: `pick:${userId}:${questionId}`,
    now,
    questionId,
    pickId,
    description: "Pick",
  });
  const ref: PickRef = { userId, pickId, transactionId: movement.transactionId, activityId: newId() };
  const referral = input.referred === false ? null : referralBonusStatements(d1, userId, pickId, now);

  const writes = [
    ...(input.sessionGuard ? [input.sessionGuard] : []),
    ...movement.statements,
    // A free question (credit_cost 0) costs nothing, keeps the multiplier at 1 and pays FREE_PICK_PAYOUT.
    d1
      .prepare(
        `INSERT INTO user_picks (id, user_id, question_id, choice, credits_spent, multiplier, potential_payout, status, created_at, updated_at)
         SELECT ?1, ?2, q.id, ?3, q.credit_cost * ?4, CASE WHEN q.credit_cost = 0 THEN 1 ELSE ?4 END,
                CASE WHEN q.credit_cost = 0 THEN ?5 ELSE q.credit_cost * ?4 * ?6 END, 'active', ?7, ?7
         FROM questions q WHERE q.id = ?8 AND q.status = 'published' AND q.deadline > ?7
           AND NOT ${blockedSql(PICK_BINDS)} AND ${withinLimitsSql("spend", PICK_BINDS)} AND NOT ${staffSql(PICK_BINDS.user)}`,
      )
      .bind(ref.pickId, userId, choice, multiplier, FREE_PICK_PAYOUT, PAYOUT_FACTOR, now, questionId),
    assertInBatch(
      d1,
      "EXISTS (SELECT 1 FROM user_picks WHERE id = ? AND (credits_spent = 0 OR EXISTS (SELECT 1 FROM credit_transactions WHERE id = ?)))",
      ref.pickId,
      ref.transactionId,
    ),
    d1
      .prepare(
        "UPDATE questions SET pick_count = pick_count + 1, yes_count = yes_count + (?1 = 'yes'), no_count = no_count + (?1 = 'no') WHERE id = ?2",
      )
      .bind(choice, questionId),
    d1
      .prepare(
        `INSERT INTO activity_feed (id, user_id, question_id, kind, choice, credits, created_at)
         SELECT ?, user_id, question_id, 'pick', choice, credits_spent, created_at FROM user_picks WHERE id = ?`,
      )
      .bind(ref.activityId, ref.pickId),
    // A referred friend's first paid pick pays the referral bonuses in the same batch (no-ops otherwise).
    ...(referral?.statements ?? []),
    ...receipt(ref),
  ];

  try {
    const { referrer, friend, ...reads } = await batchNamed(d1, {
      writes,
      referrer: referral ? [paidReferrerStatement(d1, referral.referrerTransactionId)] : [],
      friend: referral ? [paidFriendStatement(d1, referral.friendTransactionId)] : [],
      ...resultStatements(d1, ref),
    });
    return {
      ...toResult(reads, ref, referrerDelivery(referrer[0])),
      paidReferrerId: friend[0]?.results[0]?.referrer_id ?? null,
    };
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    const broken = await refusal(d1, await readState(d1, userId, questionId), input);
    if (broken) throw broken;
    // No rule refuses it any more: credits arrived (a daily claim, a purchase, a settlement) or a hold ended between
    // the batch and the read. The refused batch moved nothing, so the same batch runs again rather than fail the pick.
    if (retries > 0) return attemptPick(d1, input, receipt, { retries: retries - 1 });
    throw new AppError("conflict", "Failed to submit pick");
  }
};

/** The answer of a pick that committed under an Idempotency-Key whose answer was lost; moves nothing. */
export const replayPick = async (d1: D1Database, ref: PickRef) =>
  toResult(await batchNamed(d1, resultStatements(d1, ref)), ref);
