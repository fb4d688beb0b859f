import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { call } from "../../test/http";
import { createPlayerIn, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { sessionFor } from "../../test/sessions";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { copyQuestions } from "../questions/question-copies";
import type { Question } from "../questions/questions.schemas";

const shards = twoShardEnv();

/** A question with a proposed result in its window, picked by a player in SHARD_1 and not by one in SHARD_0. */
const proposal = async () => {
  const now = Date.now();
  const questionId = await insertQuestion({ creditCost: 2 });
  await copyQuestions(dataContext(shards), [questionId]);
  const picker = await createPlayerIn(shards, 10, userIdInShard(1));
  const bystander = await createPlayerIn(shards, 10, userIdInShard(0));
  await placePick(picker, questionId, "yes", 1, shards.SHARD_1);
  await env.DB.prepare(
    `INSERT INTO score_feed_links (question_id, event_id, home_team, away_team, starts_at, side_a, state, event_status, home_score,
       away_score, proposed_outcome, proposed_at, final_at, created_at, updated_at)
     VALUES (?1, ?2, 'Home', 'Away', ?3, 'home', 'proposed', 'final', 2, 1, 'A', ?3, ?4, ?3, ?3)`,
  )
    .bind(questionId, `event-${questionId}`, now, now + 30 * 60_000)
    .run();
  return { questionId, picker, bystander };
};

const challenge = async (userId: string, questionId: string) => {
  const { bearer } = await sessionFor(userId, shards);
  return call("/api/score-feed/challenges", {
    method: "POST",
    headers: bearer,
    json: { questionId, reason: "The last goal was offside" },
    env: shards,
  });
};

describe("score feed challenges of players in shards that are not the catalogue", () => {
  it("take a challenge from a player whose pick is in their shard, and refuse one without a pick, a second and an unknown question's", async () => {
    const { questionId, picker, bystander } = await proposal();
    expect((await challenge(bystander, questionId)).status).toBe(403);
    expect((await challenge(picker, questionId)).status).toBe(201);
    expect((await challenge(picker, questionId)).status).toBe(409);
    expect((await challenge(bystander, "no-such-question")).status).toBe(404);
    expect(
      await env.DB.prepare("SELECT state FROM score_feed_links WHERE question_id = ?").bind(questionId).first("state"),
    ).toBe("challenged");
  });

  it("list the proposals awaiting a final result among the player's picks", async () => {
    const { questionId, picker, bystander } = await proposal();
    const awaiting = async (userId: string) => {
      const { bearer } = await sessionFor(userId, shards);
      return (
        (await (await call("/api/score-feed/awaiting", { headers: bearer, env: shards })).json()) as {
          items: Question[];
        }
      ).items;
    };
    expect((await awaiting(picker)).find((item) => item.id === questionId)).toMatchObject({
      myPick: { choice: "yes" },
      autoResolution: { state: "proposed" },
    });
    expect((await awaiting(bystander)).some((item) => item.id === questionId)).toBe(false);
  });
});
