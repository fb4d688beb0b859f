import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { playerDb } from "../../db/shards";
import { apiClient, successOf } from "../../test/client";
import { createPlayer, createPlayerIn, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInPlayerPerShard } from "../../test/shard-players";
import { rowsByDatabase } from "../../test/shards";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import type { SignedInPlayer } from "../../test/sessions";
import { adminActor } from "../admin-audit/admin-audit";
import { copyQuestions } from "../questions/question-copies";
import { setOutcome } from "../settlement/outcome.service";

const shards = twoShardEnv();

const client = (player: SignedInPlayer) => apiClient({ headers: player.bearer, env: shards });

/** A score feed link and a challenge by `challenger`: both are the catalogue's, never copied to a shard. */
const linkWithChallenge = async (questionId: string, challenger: string) => {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO score_feed_links (question_id, event_id, home_team, away_team, starts_at, side_a, created_at, updated_at)
       VALUES (?, 'event-1', 'Home', 'Away', ?, 'home', ?, ?)`,
    ).bind(questionId, now, now, now),
    env.DB.prepare(
      "INSERT INTO score_feed_challenges (id, question_id, user_id, reason, created_at) VALUES (?, ?, ?, 'Wrong score', ?)",
    ).bind(crypto.randomUUID(), questionId, challenger, now),
  ]);
};

describe("a player's picks with players over two shards", () => {
  it("lists picks from the player's shard with the crowd summed over the shards and the score feed from the catalogue", async () => {
    const [settled, linked] = [await insertQuestion({ creditCost: 2 }), await insertQuestion({ creditCost: 2 })];
    await copyQuestions(dataContext(shards), [settled, linked]);
    const [yes, no] = await signedInPlayerPerShard(shards, 20);
    const alsoYes = await createPlayerIn(shards, 20, userIdInShard(0));
    await placePick(yes.userId, settled, "yes", 1, playerDb(shards, yes.userId));
    await placePick(alsoYes, settled, "yes", 1, playerDb(shards, alsoYes));
    await placePick(no.userId, settled, "no", 1, playerDb(shards, no.userId));
    await placePick(no.userId, linked, "yes", 1, playerDb(shards, no.userId));
    // No fold has run: the crowd is summed over the shards as My Picks is read, so it counts the picks just made.
    await linkWithChallenge(linked, no.userId);
    await setOutcome(dataContext(shards), {
      questionId: settled,
      outcome: "A",
      actor: adminActor(await createPlayer()),
      now: Date.now(),
    });

    const { body } = await successOf(client(no).picks.$get({ query: {} }));
    const byQuestion = new Map(body.items.map((item) => [item.questionId, item]));
    // The other shard's two "yes" picks count: the player's own shard saw only their "no".
    expect(byQuestion.get(settled)).toMatchObject({
      status: "lost",
      crowd: "against",
      question: { crowd: { yes: 2, no: 1 }, autoResolution: null },
    });
    expect(byQuestion.get(linked)).toMatchObject({
      status: "active",
      crowd: null,
      question: {
        crowd: { yes: 1, no: 0 },
        autoResolution: { state: "waiting", homeTeam: "Home", challengedByMe: true },
      },
    });
    const mine = await successOf(client(yes).picks.$get({ query: {} }));
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({ status: "won", crowd: "with", question: { crowd: { yes: 2, no: 1 } } });
  });

  it("reads stats, the streak and its history from the player's shard", async () => {
    const questionId = await insertQuestion({ creditCost: 2 });
    await copyQuestions(dataContext(shards), [questionId]);
    const players = await signedInPlayerPerShard(shards, 20);
    for (const player of players) await placePick(player.userId, questionId, "yes", 1, playerDb(shards, player.userId));
    await setOutcome(dataContext(shards), {
      questionId,
      outcome: "A",
      actor: adminActor(await createPlayer()),
      now: Date.now(),
    });

    for (const player of players) {
      expect((await successOf(client(player).picks.stats.$get())).body).toMatchObject({
        totalPicks: 1,
        totalSpent: 2,
        totalEarned: 4,
        winRate: 100,
      });
      expect((await successOf(client(player).streak.$get())).body).toEqual({ currentStreak: 1, maxStreak: 1 });
      const history = await successOf(client(player).streak.history.$get({ query: {} }));
      expect(history.body.items).toMatchObject([{ questionId, streakAfter: 1 }]);
      expect(await rowsByDatabase(shards, "streak_events", player.userId)).toEqual({
        shard: 1,
        other: 0,
        catalogue: 0,
      });
    }
  });
});
