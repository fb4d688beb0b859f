import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { readSettings } from "../../env";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminActor } from "../admin-audit/admin-audit";
import { setOutcome } from "../settlement/outcome.service";
import { apiClient, successOf } from "../../test/client";
import { placePick, shardOf, sumOverShards } from "../../test/players";
import { drainPushes, pushesTo, subscribeDevice, useFakePushService, type PushStandin } from "../../test/push";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin, signedInPlayer } from "../../test/sessions";
import { PUSH } from "../../config";
import { sendDuePushes } from "./push-sender";
import { sendPushNotifications } from "../../cron/send-push-notifications";
import { settleQueuedQuestions } from "../../cron/settle-queued";

const sendDueNow = (now: number) => sendDuePushes(dataContext(env), readSettings(env), now);

let standin: PushStandin;

beforeEach(() => {
  standin = useFakePushService();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const settle = async (questionId: string, outcome: "A" | "B" | "void", reason?: string) => {
  const admin = await signedInAdmin();
  await setOutcome(dataContext(env), {
    questionId,
    outcome,
    actor: adminActor(admin.userId),
    now: Date.now(),
    reason,
  });
};

const deliveriesLeft = () => sumOverShards("SELECT count(*) FROM push_deliveries");

describe("push notifications for settled picks", () => {
  it("sends exactly one push per subscribed device, encrypted for that device, and none again on a replay", async () => {
    const questionId = await insertQuestion({ title: "Will the home side win?", creditCost: 3 });
    const winner = await signedInPlayer(20);
    const loser = await signedInPlayer(20);
    const silent = await signedInPlayer(20);
    const phone = await subscribeDevice(standin, winner.bearer);
    const laptop = await subscribeDevice(standin, winner.bearer);
    const loserPhone = await subscribeDevice(standin, loser.bearer);
    const winningPick = await placePick(winner.userId, questionId, "yes", 2);
    await placePick(loser.userId, questionId, "no");
    await placePick(silent.userId, questionId, "no");

    await settle(questionId, "A");
    await drainPushes();

    const won = {
      title: "You won 12 credits!",
      body: "Will the home side win?",
      url: "/picks",
      tag: `pick-${winningPick}`,
    };
    expect(await pushesTo(standin, phone)).toEqual([won]);
    expect(await pushesTo(standin, laptop)).toEqual([won]);
    expect(await pushesTo(standin, loserPhone)).toEqual([
      expect.objectContaining({ title: "Your pick lost", url: "/picks" }),
    ]);
    expect(standin.received).toHaveLength(3);
    expect(standin.received.every((push) => push.ttl === PUSH.ttlSeconds)).toBe(true);

    // The cron passing over the question again, and the sender running again, change nothing.
    await settleQueuedQuestions(dataContext(env), Date.now(), env);
    await drainPushes();
    expect(standin.received).toHaveLength(3);
    expect(await deliveriesLeft()).toBe(0);
  });

  it("tells of a void with its refund, and of a correction with the new result and the lowered streak", async () => {
    const questionId = await insertQuestion({ title: "Over 2.5 goals?", creditCost: 4 });
    const player = await signedInPlayer(20);
    const device = await subscribeDevice(standin, player.bearer);
    const pickId = await placePick(player.userId, questionId, "yes");

    await settle(questionId, "A");
    await settle(questionId, "B", "The goal was ruled offside on review");
    await settle(questionId, "void", "The match was abandoned");
    await drainPushes();

    const received = await pushesTo(standin, device);
    expect(received).toEqual([
      { title: "You won 8 credits!", body: "Over 2.5 goals?", url: "/picks", tag: `pick-${pickId}` },
      { title: "Your pick lost", body: "Over 2.5 goals?", url: "/picks", tag: `pick-${pickId}` },
      {
        title: "Your streak was corrected: 1 → 0",
        body: "Over 2.5 goals?\nReason: The goal was ruled offside on review",
        url: "/picks",
        tag: "streak",
      },
      { title: "Pick voided: 4 credits refunded", body: "Over 2.5 goals?", url: "/picks", tag: `pick-${pickId}` },
    ]);
  });

  it("tells of a question an admin removed, with the refund of the pick it took away", async () => {
    const questionId = await insertQuestion({ title: "Will the derby be played?", creditCost: 3 });
    const player = await signedInPlayer(20);
    const device = await subscribeDevice(standin, player.bearer);
    const pickId = await placePick(player.userId, questionId, "yes");
    const admin = await signedInAdmin();
    const removed = await apiClient({ headers: admin.bearer }).admin.questions[":id"].$delete({
      param: { id: questionId },
    });
    expect(removed.status).toBe(200);
    await drainPushes();

    expect(await pushesTo(standin, device)).toEqual([
      {
        title: "Question removed: 3 credits refunded",
        body: "Will the derby be played?",
        url: "/home",
        tag: `pick-${pickId}`,
      },
    ]);
  });

  it("sends only the topics a player chose, on every device", async () => {
    const questionId = await insertQuestion();
    const player = await signedInPlayer(20);
    const device = await subscribeDevice(standin, player.bearer);
    const client = apiClient({ headers: player.bearer });
    const chosen = await successOf(client.notifications.topics.$put({ json: { picks: false } }));
    expect(chosen.body.topics).toEqual({ picks: false, streaks: true, redemptions: true, contests: true });
    await placePick(player.userId, questionId, "yes");

    await settle(questionId, "A");
    await drainPushes();
    expect(await pushesTo(standin, device)).toEqual([]);
  });
});

describe("pushes from the cron", () => {
  it("are sent by the push job after the settlement jobs, so no push service ever holds up a settlement", async () => {
    const questionId = await insertQuestion();
    const player = await signedInPlayer(20);
    const device = await subscribeDevice(standin, player.bearer);
    await placePick(player.userId, questionId, "yes");
    // An outcome the cron must settle, as when the outcome request ran out of budget.
    await env.DB.prepare(
      "UPDATE questions SET outcome = 'A', status = 'resolved', settlement_version = settlement_version + 1 WHERE id = ?",
    )
      .bind(questionId)
      .run();

    await settleQueuedQuestions(dataContext(env), Date.now(), env);
    expect(await deliveriesLeft()).toBe(1);
    expect(standin.received).toEqual([]);
    await sendPushNotifications(dataContext(env), Date.now(), env);
    expect(await pushesTo(standin, device)).toEqual([expect.objectContaining({ title: "You won 4 credits!" })]);
  });
});

describe("the push service's answers", () => {
  it("deletes a subscription the push service says is gone, and retries a busy one with backoff", async () => {
    const questionId = await insertQuestion();
    const player = await signedInPlayer(20);
    const gone = await subscribeDevice(standin, player.bearer);
    const busy = await subscribeDevice(standin, player.bearer);
    await standin.handle(new Request(`https://push.standin.test/control/${gone.endpointId}/gone`, { method: "POST" }));
    await standin.handle(
      new Request(`https://push.standin.test/control/${busy.endpointId}/fail?status=503&times=2`, { method: "POST" }),
    );
    await placePick(player.userId, questionId, "yes");
    await settle(questionId, "A");

    const now = Date.now();
    expect(await sendDueNow(now)).toEqual({ sent: 0, gone: 1, retried: 1, dropped: 0 });
    const outbox = shardOf(player.userId);
    const subscriptions = await outbox
      .prepare("SELECT endpoint FROM push_subscriptions WHERE user_id = ?")
      .bind(player.userId)
      .all();
    expect(subscriptions.results).toEqual([{ endpoint: busy.endpoint }]);
    const retry = await outbox
      .prepare("SELECT attempts, next_attempt_at FROM push_deliveries")
      .first<{ attempts: number; next_attempt_at: number }>();
    expect(retry).toEqual({ attempts: 1, next_attempt_at: now + PUSH.firstRetryMs });

    expect(await sendDueNow(now + 1000)).toEqual({ sent: 0, gone: 0, retried: 0, dropped: 0 });
    expect(await sendDueNow(now + PUSH.firstRetryMs)).toMatchObject({ retried: 1 });
    expect(await outbox.prepare("SELECT next_attempt_at FROM push_deliveries").first()).toEqual({
      next_attempt_at: now + 3 * PUSH.firstRetryMs,
    });
    expect(await sendDueNow(now + 3 * PUSH.firstRetryMs)).toMatchObject({ sent: 1 });
    expect(await pushesTo(standin, busy)).toEqual([expect.objectContaining({ title: "You won 4 credits!" })]);
    expect(await deliveriesLeft()).toBe(0);
  });

  it("deletes a subscription the push service does not know (404) as well as one it says is gone (410)", async () => {
    const questionId = await insertQuestion();
    const player = await signedInPlayer(20);
    const unknown = await subscribeDevice(standin, player.bearer);
    const kept = await subscribeDevice(standin, player.bearer);
    await standin.handle(
      new Request(`https://push.standin.test/control/${unknown.endpointId}/fail?status=404`, { method: "POST" }),
    );
    await placePick(player.userId, questionId, "yes");
    await settle(questionId, "A");

    expect(await sendDueNow(Date.now())).toEqual({ sent: 1, gone: 1, retried: 0, dropped: 0 });
    const subscriptions = await shardOf(player.userId)
      .prepare("SELECT endpoint FROM push_subscriptions WHERE user_id = ?")
      .bind(player.userId)
      .all();
    expect(subscriptions.results).toEqual([{ endpoint: kept.endpoint }]);
    expect(await deliveriesLeft()).toBe(0);
  });

  it("gives up after the last attempt", async () => {
    const questionId = await insertQuestion();
    const player = await signedInPlayer(20);
    const device = await subscribeDevice(standin, player.bearer);
    await standin.handle(
      new Request(`https://push.standin.test/control/${device.endpointId}/fail?status=500&times=${PUSH.maxAttempts}`, {
        method: "POST",
      }),
    );
    await placePick(player.userId, questionId, "yes");
    await settle(questionId, "A");
    let at = Date.now();
    for (let attempt = 0; attempt < PUSH.maxAttempts; attempt++) {
      await sendDueNow(at);
      at += PUSH.firstRetryMs * 2 ** attempt;
    }
    expect(await deliveriesLeft()).toBe(0);
    expect(await pushesTo(standin, device)).toEqual([]);
  });
});
