import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it, vi } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { connect, types } from "../../test/live";
import { balanceOf, expectLedgerClean, setBalance } from "../../test/ledger";
import { insertQuestion } from "../../test/questions";
import { shardOf } from "../../test/players";
import { copyQuestions } from "../questions/question-copies";

type PickInput = Parameters<ReturnType<typeof apiClient>["picks"]["$post"]>[0]["json"];

let accountCount = 0;
const newPlayer = () => signUpAndLogin(`picker-${++accountCount}-${crypto.randomUUID().slice(0, 6)}@example.com`);
const pick = (account: TestAccount, json: PickInput, idempotencyKey?: string) =>
  apiClient({ headers: account.bearer }).picks.$post({ json, header: { "idempotency-key": idempotencyKey } });
/** A body the route's types refuse, which the server must refuse too. */
const pickUntyped = (account: TestAccount, json: unknown) =>
  callJson("/api/picks", { method: "POST", headers: account.bearer, json });
/** Plain numbers: the client types only a route's success status, since its error answers are thrown, not returned. */
const statusesOf = (responses: { status: number }[]) => responses.map((r) => r.status);
const pickCount = async (userId: string) =>
  (
    await shardOf(userId)
      .prepare("SELECT count(*) AS n FROM user_picks WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>()
  )?.n;

describe("POST /api/picks", () => {
  it("charges cost x multiplier, pays out twice that, and writes pick, count and activity together", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 20);
    const questionId = await insertQuestion({ creditCost: 3 });
    const { status, body } = await successOf(pick(player, { questionId, choice: "yes", multiplier: 3 }));
    expect(status).toBe(201);
    expect(body.pick).toMatchObject({ creditsSpent: 9, multiplier: 3, potentialPayout: 18 });
    expect(body.credits.balance).toBe(11);
    // The pick's own batch counts it in the player's shard and writes its activity there.
    const shard = shardOf(player.userId);
    const question = await shard
      .prepare("SELECT pick_count FROM questions WHERE id = ?")
      .bind(questionId)
      .first<{ pick_count: number }>();
    expect(question?.pick_count).toBe(1);
    const activity = await shard
      .prepare("SELECT kind, choice FROM activity_feed WHERE question_id = ?")
      .bind(questionId)
      .all();
    expect(activity.results).toEqual([{ kind: "pick", choice: "yes" }]);
    await expectLedgerClean();
  });

  it("makes free picks cost nothing, fixes the multiplier at 1 and promises 2 credits", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 0);
    const questionId = await insertQuestion({ creditCost: 0 });
    const { status, body } = await successOf(pick(player, { questionId, choice: "no", multiplier: 4 }));
    expect(status).toBe(201);
    expect(body.pick).toMatchObject({ creditsSpent: 0, multiplier: 1, potentialPayout: 2 });
    expect(body.credits.balance).toBe(0);
    await expectLedgerClean();
  });

  it("refuses a second pick on the same question with isDuplicate", async () => {
    const player = await newPlayer();
    const questionId = await insertQuestion({ creditCost: 1 });
    expect((await pick(player, { questionId, choice: "yes", multiplier: 1 })).status).toBe(201);
    const again = await pick(player, { questionId, choice: "no", multiplier: 1 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { code: "duplicate", isDuplicate: true, message: "You have already made a pick for this question" },
    });
    await expectLedgerClean();
  });

  it("answers 402 without writing anything when the balance is short", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 5);
    const questionId = await insertQuestion({ creditCost: 2 });
    const short = await pick(player, { questionId, choice: "yes", multiplier: 3 });
    expect(short.status).toBe(402);
    expect(await short.json()).toMatchObject({ error: { message: "Insufficient credits to submit pick" } });
    expect(await pickCount(player.userId)).toBe(0);
    expect(await balanceOf(player.userId)).toBe(5);
    await expectLedgerClean();
  });

  it("refuses closed questions with 422 and bad input with 400, writing nothing", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 50);
    const past = await insertQuestion({ deadline: Date.now() - 1000 });
    const draft = await insertQuestion({ status: "draft" });
    const resolved = await insertQuestion({ status: "resolved", outcome: "A" });
    for (const questionId of [past, draft, resolved]) {
      const closed = await pick(player, { questionId, choice: "yes", multiplier: 1 });
      expect(closed.status, questionId).toBe(422);
      expect(await closed.json()).toMatchObject({ error: { code: "rule_violation" } });
    }
    const open = await insertQuestion();
    for (const multiplier of [0, 6, 2.5, -1]) {
      const refused = await pick(player, { questionId: open, choice: "yes", multiplier });
      expect(refused.status, String(multiplier)).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { message: "Multiplier must be between 1 and 5" } });
    }
    for (const multiplier of ["3", null]) {
      const { status, body } = await pickUntyped(player, { questionId: open, choice: "yes", multiplier });
      expect(status, String(multiplier)).toBe(400);
      expect(body).toMatchObject({ error: { message: "Multiplier must be between 1 and 5" } });
    }
    expect((await pickUntyped(player, { questionId: open, choice: "maybe", multiplier: 1 })).status).toBe(400);
    expect((await pickUntyped(player, { choice: "yes", multiplier: 1 })).status).toBe(400);
    expect((await pick(player, { questionId: "missing", choice: "yes", multiplier: 1 })).status).toBe(404);
    expect(await pickCount(player.userId)).toBe(0);
    expect(await balanceOf(player.userId)).toBe(50);
    await expectLedgerClean();
  });

  it("needs a signed-in user", async () => {
    const questionId = await insertQuestion();
    const { status } = await apiClient().picks.$post({
      json: { questionId, choice: "yes", multiplier: 1 },
      header: {},
    });
    expect(status).toBe(401);
  });

  it("lets exactly as many concurrent picks through as the balance covers (20 rounds)", async () => {
    const questions = await Promise.all(Array.from({ length: 50 }, () => insertQuestion({ creditCost: 2 })));
    for (let round = 0; round < 20; round++) {
      const player = await newPlayer();
      await setBalance(player.userId, 10);
      const results = await Promise.all(
        questions.map((questionId) => pick(player, { questionId, choice: "yes", multiplier: 1 })),
      );
      const statuses = statusesOf(results);
      expect(statuses.filter((s) => s === 201).length, `round ${round}`).toBe(5);
      expect(statuses.filter((s) => s === 402).length, `round ${round}`).toBe(45);
      expect(await balanceOf(player.userId)).toBe(0);
      expect(await pickCount(player.userId)).toBe(5);
    }
    await expectLedgerClean();
  }, 180_000);

  it("creates one pick when the same pick is sent 20 times at once", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 100);
    const questionId = await insertQuestion({ creditCost: 2 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pick(player, { questionId, choice: "yes", multiplier: 2 })),
    );
    const statuses = statusesOf(results);
    expect(statuses.filter((s) => s === 201).length).toBe(1);
    for (const duplicate of results.filter((_, i) => statuses[i] === 409))
      expect(await duplicate.json()).toMatchObject({ error: { isDuplicate: true } });
    expect(await pickCount(player.userId)).toBe(1);
    expect(await balanceOf(player.userId)).toBe(96);
    await expectLedgerClean();
  });

  it("answers a repeated Idempotency-Key with the first answer", async () => {
    const player = await newPlayer();
    await setBalance(player.userId, 10);
    const questionId = await insertQuestion({ creditCost: 1 });
    const first = await successOf(pick(player, { questionId, choice: "yes", multiplier: 2 }, "pick-once-123"));
    const second = await successOf(pick(player, { questionId, choice: "yes", multiplier: 2 }, "pick-once-123"));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(player.userId)).toBe(8);
    await expectLedgerClean();
  });

  it("broadcasts a replayed pick's activity once, so other screens count it once in the split", async () => {
    const player = await newPlayer();
    const [own, watcher] = await Promise.all([
      connect({ headers: player.bearer }),
      connect({ headers: (await newPlayer()).bearer }),
    ]);
    await setBalance(player.userId, 10);
    const questionId = await insertQuestion({ creditCost: 1 });
    const activity = () => watcher.messages.filter((m) => m.type === "activity" && m.data.questionId === questionId);
    const ownCredits = () => types(own).filter((type) => type === "credits").length;
    const { body } = await successOf(pick(player, { questionId, choice: "no", multiplier: 1 }, "pick-replayed-live"));
    await vi.waitFor(() => expect(activity()).toHaveLength(1));
    // The answer is lost as if the connection dropped after the batch: only the batch's receipt remains, so the retry
    // rebuilds the answer with the replay.
    const shard = shardOf(player.userId);
    const refs = await shard
      .prepare(
        `SELECT t.id AS transactionId, a.id AS activityId FROM credit_transactions t, activity_feed a
         WHERE t.pick_id = ?1 AND a.user_id = ?2 AND a.question_id = ?3`,
      )
      .bind(body.pick.id, player.userId, questionId)
      .first<{ transactionId: string; activityId: string }>();
    await shard
      .prepare("UPDATE idempotent_responses SET status = 0, body = ? WHERE user_id = ? AND idempotency_key = ?")
      .bind(
        JSON.stringify({ userId: player.userId, pickId: body.pick.id, ...refs }),
        player.userId,
        "pick-replayed-live",
      )
      .run();
    const replayed = await successOf(pick(player, { questionId, choice: "no", multiplier: 1 }, "pick-replayed-live"));
    expect(replayed.body).toEqual(body);
    // The replay's own frames leave in the same call that would carry the activity, ahead of it.
    await vi.waitFor(() => expect(ownCredits()).toBe(2));
    expect(activity()).toHaveLength(1);
    await expectLedgerClean();
  });
});

describe("my picks, stats and streak", () => {
  it("lists my picks newest first with their question, and computes stats and streak", async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    await setBalance(player.userId, 100);
    const q1 = await insertQuestion({ creditCost: 2, title: "First" });
    const q2 = await insertQuestion({ creditCost: 3, title: "Second" });
    await pick(player, { questionId: q1, choice: "yes", multiplier: 1 });
    await pick(player, { questionId: q2, choice: "no", multiplier: 2 });
    const list = await successOf(apiClient({ headers: player.bearer }).picks.$get({ query: {} }));
    expect(list.body.items.map((p) => p.question.title)).toEqual(["Second", "First"]);
    expect((await successOf(apiClient({ headers: other.bearer }).picks.$get({ query: {} }))).body.items).toEqual([]);

    // Nothing won or lost yet: no win rate, rather than 0% as if every pick had lost.
    const before = await successOf(apiClient({ headers: player.bearer }).picks.stats.$get());
    expect(before.body).toMatchObject({ totalPicks: 2, winRate: null, activePicks: 2 });

    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE questions SET outcome = 'A', status = 'resolved', updated_at = ? WHERE id = ?").bind(
        now - 1000,
        q1,
      ),
      env.DB.prepare("UPDATE questions SET outcome = 'B', status = 'resolved', updated_at = ? WHERE id = ?").bind(
        now,
        q2,
      ),
    ]);
    await copyQuestions(dataContext(env), [q1, q2]);
    const shard = shardOf(player.userId);
    await shard.batch([
      shard.prepare("UPDATE user_picks SET status = 'won', actual_payout = 4 WHERE question_id = ?").bind(q1),
      shard.prepare("UPDATE user_picks SET status = 'won', actual_payout = 12 WHERE question_id = ?").bind(q2),
    ]);
    const stats = await successOf(apiClient({ headers: player.bearer }).picks.stats.$get());
    expect(stats.body).toEqual({
      totalPicks: 2,
      totalSpent: 8,
      totalEarned: 16,
      netProfit: 8,
      winRate: 100,
      activePicks: 0,
    });
    const streak = await successOf(apiClient({ headers: player.bearer }).streak.$get());
    expect(streak.body).toEqual({ currentStreak: 2, maxStreak: 2 });
    const stored = await shard
      .prepare("SELECT max_streak FROM users WHERE id = ?")
      .bind(player.userId)
      .first<{ max_streak: number }>();
    expect(stored?.max_streak).toBe(2);
  });
});
