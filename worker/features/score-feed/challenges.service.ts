import { eq, sql } from "drizzle-orm";
import { RATE_LIMITS } from "../../config";
import { createDb } from "../../db/client";
import { questions, scoreFeedChallenges, scoreFeedLinks, userPicks } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { enforceRateLimits } from "../../lib/rate-limit";
import { playerDb } from "../../db/shards";

type ChallengeInput = { userId: string; questionId: string; reason: string; now: number };

const NOT_PICKED = () => new AppError("forbidden", "Only players who picked this question can challenge its result");

/**
 * Why a challenge that wrote nothing was refused, read after the fact; `picked` is the player's shard's answer, or null
 * where their picks are in the catalogue.
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
  if (row.state === "final" || (row.finalAt !== null && row.finalAt <= now)) return new AppError("rule_violation", "The challenge window has closed");
  if (row.state !== "proposed" && row.state !== "challenged") return new AppError("rule_violation", "This question has no proposed result to challenge");
  return new AppError("conflict", "The result changed meanwhile. Please try again.");
};

/**
 * Whether the challenger picked the question, read from their shard; null where their picks are in the catalogue, where
 * the challenge's INSERT checks it itself. A pick is never taken back while its question stands, so the shard's answer
 * cannot change before the INSERT. A challenge without a pick is refused by the INSERT as with one database: counted by
 * the rate limit, and an unknown question answered as such.
 */
const pickedInShard = async (env: Env, { userId, questionId }: ChallengeInput) => {
  const shard = playerDb(env, userId);
  if (shard === env.DB) return null;
  return (await shard.prepare("SELECT 1 AS picked FROM user_picks WHERE question_id = ? AND user_id = ?").bind(questionId, userId).first()) !== null;
};

const pickedSql = (picked: boolean | null) =>
  picked === null ? "EXISTS (SELECT 1 FROM user_picks WHERE question_id = ?5 AND user_id = ?2)" : String(Number(picked));

/**
 * A player with a pick objects to a proposed outcome within its window. The first challenge stops the clock: the
 * question waits for an admin. Every condition is in the INSERT, so a challenge racing the window's end or the cron
 * either lands before the proposal is final or not at all.
 */
export const submitChallenge = async (env: Env, input: ChallengeInput) => {
  const { userId, questionId, reason, now } = input;
  const d1 = env.DB;
  await enforceRateLimits(d1, [{ key: `score-feed-challenge:user:${userId}`, rule: RATE_LIMITS.scoreFeedChallengePerUser }], now);
  const picked = await pickedInShard(env, input);
  const id = newId();
  const { inserted } = await batchNamed(d1, {
    inserted: d1
      .prepare(
        `INSERT INTO score_feed_challenges (id, question_id, user_id, reason, created_at)
         SELECT ?1, l.question_id, ?2, ?3, ?4 FROM score_feed_links l
         WHERE l.question_id = ?5 AND l.state IN ('proposed', 'challenged') AND l.final_at > ?4
           AND ${pickedSql(picked)}
         ON CONFLICT (question_id, user_id) DO NOTHING`,
      )
      .bind(id, userId, reason, now, questionId),
    stopClock: d1
      .prepare(
        `UPDATE score_feed_links SET state = 'challenged', updated_at = ?2
         WHERE question_id = ?1 AND state = 'proposed' AND EXISTS (SELECT 1 FROM score_feed_challenges WHERE id = ?3)`,
      )
      .bind(questionId, now, id),
  });
  if (inserted.meta.changes === 0) throw await refusal(d1, input, picked);
  return { challenge: { id, questionId, reason, createdAt: now }, state: "challenged" as const };
};
