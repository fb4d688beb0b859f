import { env } from "cloudflare:test";
import { dataContext } from "./data-context";
import { readShardMap } from "#shared/shard-map";
import { describe, expect, it } from "vitest";
import { bucketOf, SHARD_BUCKETS } from "../db/shards";
import { runScheduled, EVERY_MINUTE } from "../cron/schedule";
import { consumeSettlement } from "../features/settlement/settlement-queue";
import { settleEverywhere } from "../features/settlement/settle-everywhere";
import { settlementBudget } from "../features/settlement/settlement.service";
import { sessionHeaders, signUp, signUpAndLogin } from "../test/accounts";
import { call } from "../test/http";
import { balanceOf } from "../test/ledger";
import { insertQuestion } from "../test/questions";
import { caughtQueue, deliverBatch } from "../test/queues";
import { createPlayer, placePick } from "../test/players";
import { signedInAdmin, signedInPlayer } from "../test/sessions";
import { SHARDS, twoShardEnv, userIdInShard } from "../test/shards";
import { deliver, stripeEvent } from "../test/stripe";
import { copyQuestions } from "../features/questions/question-copies";
import { playerDb } from "../db/shards";
import {
  ACCOUNT_MOVING_MESSAGE,
  MOVE_RETRY_AFTER_SECONDS,
  PLAYER_MOVING_MESSAGE,
  PLAYERS_MOVING_MESSAGE,
} from "./write-pause";

const shards = twoShardEnv();

/** The two-shard map with `[from, to)` marked as moving, as a move publishes it between its copy and its switch. */
const moving = (from: number, to = from + 1): Env => ({
  ...shards,
  USER_SHARD_MAP: { ...(shards.USER_SHARD_MAP as object), version: 3, moving: { from, to } },
});

const expectPaused = async (response: Response, message = ACCOUNT_MOVING_MESSAGE) => {
  expect(response.status).toBe(503);
  expect(response.headers.get("Retry-After")).toBe(String(MOVE_RETRY_AFTER_SECONDS));
  expect(await response.json()).toEqual({ error: { code: "unavailable", message } });
};

const pick = (bearer: Record<string, string>, questionId: string, requestEnv: Env) =>
  call("/api/picks", {
    method: "POST",
    headers: bearer,
    json: { questionId, choice: "yes", multiplier: 1 },
    env: requestEnv,
  });

describe("writes paused while a player's bucket moves to another shard", () => {
  it("answers a moving player's writes 503 with Retry-After, keeps their reads, and lets everyone else write", async () => {
    const questionId = await insertQuestion({ creditCost: 2 });
    await copyQuestions(dataContext(shards), [questionId]);
    const mover = await signedInPlayer(10, shards, userIdInShard(1));
    let neighbourId = userIdInShard(1);
    while (bucketOf(neighbourId) === bucketOf(mover.userId)) neighbourId = userIdInShard(1);
    const neighbour = await signedInPlayer(10, shards, neighbourId);
    const during = moving(bucketOf(mover.userId));

    await expectPaused(await pick(mover.bearer, questionId, during));
    expect((await call("/api/me", { headers: mover.bearer, env: during })).status).toBe(200);
    expect(await balanceOf(mover.userId, playerDb(shards, mover.userId))).toBe(10);
    expect((await pick(neighbour.bearer, questionId, during)).status).toBe(201);

    // Once the switch is published the same request goes through.
    expect((await pick(mover.bearer, questionId, shards)).status).toBe(201);
  });

  it("pauses signing in and refreshing for a moving player, and signs new players up outside the moving buckets", async () => {
    const account = await signUpAndLogin(`pause-${crypto.randomUUID()}@example.com`, { env: shards });
    const during = moving(bucketOf(account.userId));
    const login = await call("/api/auth/login", {
      method: "POST",
      json: { email: account.email, password: account.password },
      env: during,
    });
    await expectPaused(login);
    await expectPaused(
      await call("/api/auth/refresh", {
        method: "POST",
        headers: sessionHeaders("", account.refreshToken),
        env: during,
      }),
    );

    // While SHARD_0's whole half moves, new accounts all land in the other half.
    const halfMoving = moving(0, SHARD_BUCKETS / 2);
    for (let i = 0; i < 5; i += 1) {
      const email = `pause-signup-${crypto.randomUUID()}@example.com`;
      expect((await signUp(email, { env: halfMoving })).status).toBe(201);
      const id = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id");
      expect(bucketOf(id!)).toBeGreaterThanOrEqual(SHARD_BUCKETS / 2);
    }
  });

  it("answers Stripe 503 for a moving buyer, so it delivers the event again after the switch", async () => {
    const buyer = await signedInPlayer(0, shards, userIdInShard(0));
    const completed = stripeEvent("checkout.session.completed", {
      id: `cs_pause_${crypto.randomUUID()}`,
      object: "checkout.session",
      mode: "payment",
      payment_status: "paid",
      payment_intent: `pi_pause_${crypto.randomUUID()}`,
      amount_total: 1000,
      currency: "usd",
      metadata: { userId: buyer.userId, credits: "10", currency: "USD", totalPrice: "1000" },
    });
    await expectPaused(await deliver(completed, moving(bucketOf(buyer.userId))));
    expect(await balanceOf(buyer.userId, playerDb(shards, buyer.userId))).toBe(0);
    expect((await deliver(completed, shards)).status).toBe(200);
    expect(await balanceOf(buyer.userId, playerDb(shards, buyer.userId))).toBe(10);
  });

  it("sends a moving shard's settlement back as a fresh delayed message, and holds the chores that write players", async () => {
    const { queue, sent } = caughtQueue();
    const during: Env = { ...moving(0, 10), SETTLEMENT_QUEUE: queue };
    const result = await deliverBatch(consumeSettlement, "settlement", during, [
      { questionId: "q-during-move", shard: "SHARD_0" },
    ]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(sent).toEqual([{ questionId: "q-during-move", shard: "SHARD_0" }]);

    const outcomes = await runScheduled(EVERY_MINUTE, during);
    expect(outcomes).toMatchObject({
      settleQueuedQuestions: { waiting: "shard move" },
      payContests: { waiting: "shard move" },
    });
    expect(outcomes.foldPickCounts).not.toEqual({ waiting: "shard move" });
  });

  it("settles an admin's outcome at once on the shards that keep taking writes, and leaves a moving shard to its queue", async () => {
    const { queue, sent } = caughtQueue();
    const during: Env = { ...moving(0, 10), SETTLEMENT_QUEUE: queue };
    const questionId = await insertQuestion({ creditCost: 2 });
    await copyQuestions(dataContext(shards), [questionId]);
    const [paused, writing] = [
      await createPlayer(10, SHARDS.SHARD_0, userIdInShard(0)),
      await createPlayer(10, SHARDS.SHARD_1, userIdInShard(1)),
    ];
    await placePick(paused, questionId, "yes", 1, SHARDS.SHARD_0);
    await placePick(writing, questionId, "yes", 1, SHARDS.SHARD_1);
    await env.DB.prepare("UPDATE questions SET outcome = 'A', status = 'resolved', settlement_version = 1 WHERE id = ?")
      .bind(questionId)
      .run();
    await copyQuestions(dataContext(shards), [questionId]);

    const result = await settleEverywhere(dataContext(during), questionId, settlementBudget());
    expect(result).toMatchObject({ picksUpdated: 1, complete: false });
    expect([await balanceOf(paused, SHARDS.SHARD_0), await balanceOf(writing, SHARDS.SHARD_1)]).toEqual([8, 12]);
    expect(sent).toEqual([{ questionId, shard: "SHARD_0" }]);
  });

  it("holds an admin's writes to a moving player's rows, and a question's deletion, which refunds every shard's players", async () => {
    const player = await signedInPlayer(10, shards, userIdInShard(1));
    let admin = await signedInAdmin(shards);
    while (bucketOf(admin.userId) === bucketOf(player.userId)) admin = await signedInAdmin(shards);
    const questionId = await insertQuestion({ creditCost: 2 });
    await copyQuestions(dataContext(shards), [questionId]);
    const during = moving(bucketOf(player.userId));

    const award = { adjustmentId: crypto.randomUUID(), amount: 5, reason: "Goodwill after an outage" };
    const adjusted = await call(`/api/admin/players/${player.userId}/credits`, {
      method: "POST",
      headers: admin.bearer,
      json: award,
      env: during,
    });
    await expectPaused(adjusted, PLAYER_MOVING_MESSAGE);
    expect(await balanceOf(player.userId, playerDb(shards, player.userId))).toBe(10);
    await expectPaused(
      await call(`/api/admin/questions/${questionId}`, { method: "DELETE", headers: admin.bearer, env: during }),
      PLAYERS_MOVING_MESSAGE,
    );
    expect(await env.DB.prepare("SELECT count(*) AS n FROM questions WHERE id = ?").bind(questionId).first("n")).toBe(
      1,
    );

    expect(
      (
        await call(`/api/admin/players/${player.userId}/credits`, {
          method: "POST",
          headers: admin.bearer,
          json: award,
          env: shards,
        })
      ).status,
    ).toBe(200);
    expect(await balanceOf(player.userId, playerDb(shards, player.userId))).toBe(15);
  });

  it("refuses a moving range that holds no bucket", () => {
    expect(() =>
      readShardMap({ version: 2, shards: [{ binding: "SHARD_0", from: 0 }], moving: { from: 5, to: 5 } }),
    ).toThrow(/at least one bucket/);
  });
});
