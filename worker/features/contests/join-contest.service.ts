import { CONTEST_ENTRY_FEE } from "../../config";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { AppError } from "../../lib/errors";
import type { Receipt } from "../../db/idempotency";
import type { LiveMessage } from "#shared/live-messages";
import { STAFF_PLAY_MESSAGE } from "#shared/staff";
import { MOVEMENT_APPLIED_SQL, spend } from "../credits/ledger.service";
import { creditsStatement, toCredits, type CreditsRow } from "../credits/credits-row";
import { batchNamed, firstRow } from "../../db/statement";
import type { SqlColumns, SqlRow } from "../../db/rows";
import type { contests, userCredits } from "../../db/schema";
import {
  blockedSql,
  playRefusal,
  readPlayState,
  staffRefusal,
  staffSql,
  withinLimitsSql,
} from "../play-rules/play-rules";

type JoinState = SqlColumns<typeof contests, "title" | "ends_at" | "closed_at"> & {
  joined: number;
  staff: number;
  balance: SqlRow<typeof userCredits>["balance"] | null;
};

export const NO_ACTIVE_CONTEST = "No active contest available";
export const JOIN_FAILED = "Failed to join contest. Please try again.";

const readState = (d1: D1Database, contestId: string, userId: string) =>
  d1
    .prepare(
      `SELECT c.title, c.ends_at, c.closed_at,
         EXISTS (SELECT 1 FROM contest_entries WHERE contest_id = c.id AND user_id = ?1) AS joined, ${staffSql("?1")} AS staff,
         (SELECT balance FROM user_credits WHERE user_id = ?1) AS balance
       FROM contests c WHERE c.id = ?2`,
    )
    .bind(userId, contestId)
    .first<JoinState>();

/**
 * The rule a join broke, from the state of things (before the write, and to explain a refused batch). A spend limit
 * the fee would break is said before the balance: topping up would not help.
 */
const refusal = (state: JoinState | null, now: number, overLimit: AppError | null = null) => {
  if (!state) return new AppError("not_found", NO_ACTIVE_CONTEST);
  if (state.closed_at !== null || state.ends_at <= now) return new AppError("rule_violation", NO_ACTIVE_CONTEST);
  if (state.joined) return new AppError("duplicate", "You have already joined this contest");
  if (state.staff) return new AppError("forbidden", STAFF_PLAY_MESSAGE);
  if (overLimit) return overLimit;
  if ((state.balance ?? 0) < CONTEST_ENTRY_FEE) {
    return new AppError("insufficient_credits", `You need at least ${CONTEST_ENTRY_FEE} credits to join the contest`, {
      required: CONTEST_ENTRY_FEE,
    });
  }
  return null;
};

/** What an Idempotency-Key's receipt keeps to answer a committed join again. */
export type JoinRef = { userId: string; transactionId: string; description: string; joinedAt: number };

const toJoined = (ref: JoinRef, creditsRow: CreditsRow | null | undefined) => {
  const credits = toCredits(creditsRow);
  const events: LiveMessage[] = [
    { type: "credits", data: credits },
    {
      type: "transaction",
      data: {
        id: ref.transactionId,
        amount: -CONTEST_ENTRY_FEE,
        transactionType: "spend",
        description: ref.description,
        createdAt: ref.joinedAt,
      },
    },
  ];
  return { credits, events };
};

export type Joined = ReturnType<typeof toJoined>;

/**
 * One join is one batch: the entry fee (balance checked in SQL, key `contest:<contestId>:<userId>`) and the entry,
 * which only lands while the contest is open, the fee was taken and the player's spend limits still hold with the
 * fee counted (its row is written earlier in the batch, so racing joins and picks see each other's spends). A second
 * join finds the key taken and the guard aborts, so the fee is paid once however many requests race.
 */
export const joinContest = async (
  d1: D1Database,
  contestId: string,
  userId: string,
  now: number,
  receipt: Receipt<JoinRef> = () => [],
) => {
  const state = await readState(d1, contestId, userId);
  const early = refusal(state, now);
  if (early || !state) throw early ?? new AppError("not_found", NO_ACTIVE_CONTEST);

  const description = `Contest entry: ${state.title}`;
  const movement = spend(d1, {
    userId,
    amount: CONTEST_ENTRY_FEE,
    idempotencyKey: `contest:${contestId}:${userId}`,
    now,
    description,
  });
  const ref: JoinRef = { userId, transactionId: movement.transactionId, description, joinedAt: now };
  try {
    const { credits } = await batchNamed(d1, {
      writes: [
        ...movement.statements,
        d1
          .prepare(
            `INSERT INTO contest_entries (contest_id, user_id, joined_at, transaction_id)
           SELECT c.id, ?1, ?2, ?3 FROM contests c
           WHERE c.id = ?4 AND c.ends_at > ?2 AND c.closed_at IS NULL AND ${MOVEMENT_APPLIED_SQL.replace("?", "?3")}
             AND NOT ${blockedSql({ user: "?1", now: "?2" })} AND NOT ${staffSql("?1")}
             AND ${withinLimitsSql("spend", { user: "?1", now: "?2" })}`,
          )
          .bind(userId, now, movement.transactionId, contestId),
        assertInBatch(d1, "EXISTS (SELECT 1 FROM contest_entries WHERE transaction_id = ?)", movement.transactionId),
        ...receipt(ref),
      ],
      credits: creditsStatement(d1, userId),
    });
    return toJoined(ref, credits.results[0]);
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    const later = Date.now();
    const playState = await readPlayState(d1, userId, later);
    const overLimit = playRefusal(playState, "spend", CONTEST_ENTRY_FEE);
    const broken =
      staffRefusal(playState) ??
      playRefusal(playState) ??
      refusal(await readState(d1, contestId, userId), later, overLimit);
    throw broken ?? new AppError("conflict", JOIN_FAILED);
  }
};

/** The answer of a join that committed under an Idempotency-Key whose answer was lost; moves nothing. */
export const replayJoin = async (d1: D1Database, ref: JoinRef) =>
  toJoined(ref, await firstRow(creditsStatement(d1, ref.userId)));
