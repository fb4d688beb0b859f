import { and, eq, exists, gt, inArray, sql, type SQL } from "drizzle-orm";
import { RATE_LIMITS } from "../../config";
import { createDb, type Db } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { questions, scoreFeedChallenges, scoreFeedLinks, userPicks } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { enforceRateLimits } from "../../lib/rate-limit";

type ChallengeInput = { userId: string; questionId: string; reason: string; now: number };

const NOT_PICKED = () => new AppError("forbidden", "Only players who picked this question can challenge its result");

/**
 * Why a challenge that wrote nothing was refused, read after the fact; `picked` is the player's database's answer, or
 * null where their picks are in the catalogue.
 */
const refusal = async (d1: D1Database, { userId, questionId, now }: ChallengeInput, picked: boolean | null) => {
  const [row] = await createDb(d1)
    .select({
      state: scoreFeedLinks.state,
      finalAt: scoreFeedLinks.finalAt,
      picked:
        picked === null
          ? sql<number>`EXISTS (SELECT 1 FROM ${userPicks} WHERE ${userPicks.questionId} = ${questions.id} AND ${userPicks.userId} = ${userId})`
          : sql<number>`${Number(picked)}`,
      challenged: sql<number>`EXISTS (SELECT 1 FROM ${scoreFeedChallenges} WHERE ${scoreFeedChallenges.questionId} = ${questions.id}
        AND ${scoreFeedChallenges.userId} = ${userId})`,
    })
    .from(questions)
    .leftJoin(scoreFeedLinks, eq(scoreFeedLinks.questionId, questions.id))
    .where(eq(questions.id, questionId));
  if (!row) return new AppError("not_found", "Question not found");
  if (!row.picked) return NOT_PICKED();
  if (row.challenged) return new AppError("duplicate", "You have already challenged this result");
  if (row.state === "final" || (row.finalAt !== null && row.finalAt <= now))
    return new AppError("rule_violation", "The challenge window has closed");
  if (row.state !== "proposed" && row.state !== "challenged")
    return new AppError("rule_violation", "This question has no proposed result to challenge");
  return new AppError("conflict", "The result changed meanwhile. Please try again.");
};

const pickOf = (db: Db, { userId, questionId }: ChallengeInput) =>
  db
    .select({ one: sql`1` })
    .from(userPicks)
    .where(and(eq(userPicks.questionId, questionId), eq(userPicks.userId, userId)));

/**
 * Whether the challenger picked the question, read from their database; null where their picks are in the catalogue,
 * where the challenge's INSERT checks it itself. A pick is never taken back while its question stands, so the answer
 * cannot change before the INSERT. A challenge without a pick is refused by the INSERT as with one database: counted by
 * the rate limit, and an unknown question answered as such.
 */
const pickedElsewhere = async (data: DataContext, input: ChallengeInput) => {
  const d1 = data.player(input.userId);
  if (d1 === data.catalogue) return null;
  return (await pickOf(createDb(d1), input).limit(1)).length > 0;
};

const pickedCondition = (db: Db, input: ChallengeInput, picked: boolean | null): SQL =>
  picked === null ? exists(pickOf(db, input)) : sql`${Number(picked)}`;

/**
 * A player with a pick objects to a proposed outcome within its window. The first challenge stops the clock: the
 * question waits for an admin. Every condition is in the INSERT, so a challenge racing the window's end or the cron
 * either lands before the proposal is final or not at all.
 */
export const submitChallenge = async (data: DataContext, input: ChallengeInput) => {
  const { userId, questionId, reason, now } = input;
  const d1 = data.catalogue;
  await enforceRateLimits(
    d1,
    [{ key: `score-feed-challenge:user:${userId}`, rule: RATE_LIMITS.scoreFeedChallengePerUser }],
    now,
  );
  const picked = await pickedElsewhere(data, input);
  const id = newId();
  const db = createDb(d1);
  const l = scoreFeedLinks;
  const c = scoreFeedChallenges;
  const challenge = db
    .select({
      id: sql<string>`${id}`.as("id"),
      questionId: l.questionId,
      userId: sql<string>`${userId}`.as("user_id"),
      reason: sql<string>`${reason}`.as("reason"),
      createdAt: sql<number>`${now}`.as("created_at"),
    })
    .from(l)
    .where(
      and(
        eq(l.questionId, questionId),
        inArray(l.state, ["proposed", "challenged"]),
        gt(l.finalAt, now),
        pickedCondition(db, input, picked),
      ),
    );
  const { inserted } = await batchNamed(d1, {
    inserted: writeStatement(
      d1,
      db
        .insert(c)
        .select(challenge)
        .onConflictDoNothing({ target: [c.questionId, c.userId] }),
    ),
    stopClock: writeStatement(
      d1,
      db
        .update(l)
        .set({ state: "challenged", updatedAt: now })
        .where(
          and(
            eq(l.questionId, questionId),
            eq(l.state, "proposed"),
            exists(
              db
                .select({ one: sql`1` })
                .from(c)
                .where(eq(c.id, id)),
            ),
          ),
        ),
    ),
  });
  if (inserted.meta.changes === 0) throw await refusal(d1, input, picked);
  return { challenge: { id, questionId, reason, createdAt: now }, state: "challenged" as const };
};
