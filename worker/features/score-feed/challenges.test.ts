import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHALLENGE_WINDOW_MS } from "../../config";
import { resolveFromScoreFeed } from "../../cron/resolve-score-feed";
import { questionState } from "../../test/admin";
import { apiClient, bodyAt } from "../../test/client";
import { call } from "../../test/http";
import { expectLedgerClean } from "../../test/ledger";
import { placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import {
  addEvent,
  clearFeedLinks,
  closePicking,
  feedEnv,
  feedLink,
  finishEvent,
  linkToEvent,
  useFakeScoreFeed,
  type FakeScoreFeed,
} from "../../test/score-feed";
import { signedInAdmin, signedInPlayer, type SignedInPlayer } from "../../test/sessions";
import { submitChallenge } from "./challenges.service";

const runFeedCron = (now: number) => resolveFromScoreFeed(dataContext(feedEnv), now, feedEnv);

let feed: FakeScoreFeed;

beforeEach(async () => {
  feed = useFakeScoreFeed();
  await clearFeedLinks();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const REASON = "The referee's report says the last goal was disallowed";

/** A question with a proposal in its window (A: the home side won 2–1), picked by `pickers` players. */
const proposed = async (pickers = 2) => {
  const admin = await signedInAdmin();
  const event = addEvent(feed.store, { sport: "Soccer", home: "Arsenal", away: "Chelsea" });
  const questionId = await insertQuestion({ creditCost: 2, answerOptionA: "Arsenal", answerOptionB: "Chelsea" });
  await linkToEvent(admin.bearer, questionId, event.id, { sideA: "home" });
  const players: SignedInPlayer[] = [];
  for (let i = 0; i < pickers; i += 1) {
    const player = await signedInPlayer(20);
    await placePick(player.userId, questionId, i % 2 === 0 ? "yes" : "no");
    players.push(player);
  }
  await closePicking(questionId);
  finishEvent(feed.store, event.id, 2, 1);
  await runFeedCron(Date.now());
  return { questionId, players, admin };
};

const challenge = (player: SignedInPlayer, questionId: string, reason = REASON) =>
  apiClient({ headers: player.bearer })["score-feed"].challenges.$post({ json: { questionId, reason } });

const errorOf = async (response: Response | { status: number; json(): Promise<unknown> }) => ({
  status: response.status,
  body: (await response.json()) as { error: { code: string; message: string } },
});

describe("POST /api/score-feed/challenges", () => {
  it("lets a player with a pick challenge in the window, which stops the clock: the cron does not finalise it", async () => {
    const { questionId, players } = await proposed(3);
    const body = await bodyAt(await challenge(players[0]!, questionId), 201);
    expect(body).toMatchObject({ state: "challenged", challenge: { questionId, reason: REASON } });
    expect(await feedLink(questionId)).toMatchObject({ state: "challenged", proposed_outcome: "A" });
    // Others who picked may add theirs while the window lasts.
    expect((await challenge(players[1]!, questionId, "  Chelsea's goal in stoppage time was given  ")).status).toBe(
      201,
    );

    const run = await runFeedCron(Date.now() + CHALLENGE_WINDOW_MS + 60_000);
    expect(run.finalised).toMatchObject({ due: 0, finalised: 0 });
    expect(await questionState(questionId)).toMatchObject({ outcome: "unresolved", settlement_version: 0 });
    const stored = await env.DB.prepare(
      "SELECT reason FROM score_feed_challenges WHERE question_id = ? ORDER BY created_at",
    )
      .bind(questionId)
      .all<{ reason: string }>();
    expect(stored.results.map((row) => row.reason)).toEqual([REASON, "Chelsea's goal in stoppage time was given"]);
    await expectLedgerClean();
  });

  it("shows players the proposal, the window and whether they challenged, on the question, in My Picks and among their awaiting results", async () => {
    const { questionId, players } = await proposed();
    const client = apiClient({ headers: players[0]!.bearer });
    const link = await feedLink(questionId);
    const expected = {
      state: "proposed",
      eventStatus: "final",
      homeTeam: "Arsenal",
      awayTeam: "Chelsea",
      homeScore: 2,
      awayScore: 1,
      proposedOutcome: "A",
      finalAt: link!.final_at,
      challengedByMe: false,
    };
    expect(
      (await bodyAt(await client.questions[":id"].$get({ param: { id: questionId } }), 200)).question.autoResolution,
    ).toEqual(expected);
    const picks = await bodyAt(await client.picks.$get({ query: {} }), 200);
    expect(picks.items.find((pick) => pick.questionId === questionId)?.question.autoResolution).toEqual(expected);
    expect((await bodyAt(await client["score-feed"].awaiting.$get(), 200)).items.map((q) => q.id)).toEqual([
      questionId,
    ]);

    await challenge(players[0]!, questionId);
    const after = await bodyAt(await client.questions[":id"].$get({ param: { id: questionId } }), 200);
    expect(after.question.autoResolution).toMatchObject({ state: "challenged", challengedByMe: true });
    const other = await bodyAt(
      await apiClient({ headers: players[1]!.bearer }).questions[":id"].$get({ param: { id: questionId } }),
      200,
    );
    expect(other.question.autoResolution).toMatchObject({ state: "challenged", challengedByMe: false });
    // A visitor sees the proposal too; a question without a link has none.
    const visitor = await bodyAt(await apiClient().questions[":id"].$get({ param: { id: questionId } }), 200);
    expect(visitor.question.autoResolution).toMatchObject({ state: "challenged", challengedByMe: false });
    const plain = await insertQuestion();
    expect(
      (await bodyAt(await apiClient().questions[":id"].$get({ param: { id: plain } }), 200)).question.autoResolution,
    ).toBeNull();
  });

  it("refuses a player without a pick, a visitor and an unknown question", async () => {
    const { questionId } = await proposed();
    const outsider = await signedInPlayer(20);
    expect(await errorOf(await challenge(outsider, questionId))).toEqual({
      status: 403,
      body: { error: { code: "forbidden", message: "Only players who picked this question can challenge its result" } },
    });
    const visitor = await call("/api/score-feed/challenges", { method: "POST", json: { questionId, reason: REASON } });
    expect(visitor.status).toBe(401);
    expect((await errorOf(await challenge(outsider, "no-such-question"))).status).toBe(404);
    expect(await feedLink(questionId)).toMatchObject({ state: "proposed" });
  });

  it("takes one challenge per player and question, also at the database", async () => {
    const { questionId, players } = await proposed();
    expect((await challenge(players[0]!, questionId)).status).toBe(201);
    expect(await errorOf(await challenge(players[0]!, questionId, "Another reason altogether"))).toEqual({
      status: 409,
      body: { error: { code: "duplicate", message: "You have already challenged this result" } },
    });
    await expect(
      env.DB.prepare(
        "INSERT INTO score_feed_challenges (id, question_id, user_id, reason, created_at) VALUES ('dup', ?, ?, 'again please', 0)",
      )
        .bind(questionId, players[0]!.userId)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it("needs a reason of 5 to 500 characters", async () => {
    const { questionId, players } = await proposed();
    const message = "Please say why in 5 to 500 characters";
    for (const reason of ["", "four", "   ab   ", "x".repeat(501)]) {
      expect(await errorOf(await challenge(players[0]!, questionId, reason)), JSON.stringify(reason)).toEqual({
        status: 400,
        body: { error: { code: "validation_failed", message, field: "reason" } },
      });
    }
    expect((await challenge(players[0]!, questionId, "x".repeat(500))).status).toBe(201);
  });

  it("is only open during the window: not before a proposal, not after it, not once final", async () => {
    const admin = await signedInAdmin();
    const event = addEvent(feed.store, { sport: "NHL", home: "Oilers", away: "Maple Leafs" });
    const waiting = await insertQuestion();
    await linkToEvent(admin.bearer, waiting, event.id, { sideA: "home" });
    const player = await signedInPlayer(20);
    await placePick(player.userId, waiting, "yes");
    expect(await errorOf(await challenge(player, waiting))).toMatchObject({
      status: 422,
      body: { error: { message: "This question has no proposed result to challenge" } },
    });

    const { questionId, players } = await proposed();
    await env.DB.prepare("UPDATE score_feed_links SET final_at = ? WHERE question_id = ?")
      .bind(Date.now() - 1, questionId)
      .run();
    const closed = {
      status: 422,
      body: { error: { code: "rule_violation", message: "The challenge window has closed" } },
    };
    expect(await errorOf(await challenge(players[0]!, questionId))).toEqual(closed);
    await runFeedCron(Date.now());
    expect(await feedLink(questionId)).toMatchObject({ state: "final" });
    expect(await errorOf(await challenge(players[1]!, questionId))).toEqual(closed);
  });

  it("limits how many challenges a player may send in an hour, refused ones included", async () => {
    const { questionId } = await proposed();
    const outsider = await signedInPlayer(20);
    for (let i = 0; i < 5; i += 1) expect((await challenge(outsider, questionId)).status).toBe(403);
    expect(await errorOf(await challenge(outsider, questionId))).toEqual({
      status: 429,
      body: { error: { code: "rate_limited", message: "Too many requests. Please try again later." } },
    });
  });

  it("either lands before the cron finalises or not at all when both happen at the window's end", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { questionId, players } = await proposed();
      const finalAt = (await feedLink(questionId))!.final_at!;
      const [challenged, run] = await Promise.allSettled([
        submitChallenge(dataContext(env), { userId: players[0]!.userId, questionId, reason: REASON, now: finalAt - 1 }),
        runFeedCron(finalAt),
      ]);
      expect(run.status).toBe("fulfilled");
      const link = await feedLink(questionId);
      const question = await questionState(questionId);
      if (challenged.status === "fulfilled") {
        expect(link?.state).toBe("challenged");
        expect(question?.outcome).toBe("unresolved");
      } else {
        expect(link?.state).toBe("final");
        expect(question?.outcome).toBe("A");
      }
    }
    await expectLedgerClean();
  });
});
