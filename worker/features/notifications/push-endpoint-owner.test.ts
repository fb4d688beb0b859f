import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminActor } from "../admin-audit/admin-audit";
import { setOutcome } from "../settlement/outcome.service";
import { apiClient, successOf } from "../../test/client";
import { placePick, shardOf } from "../../test/players";
import {
  createSubscriber,
  drainPushes,
  pushesTo,
  subscribeDevice,
  useFakePushService,
  type PushStandin,
} from "../../test/push";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin, signedInPlayer } from "../../test/sessions";

let standin: PushStandin;

beforeEach(() => {
  standin = useFakePushService();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const holderOf = (userId: string, endpoint: string) =>
  shardOf(userId)
    .prepare("SELECT user_id, p256dh, auth FROM push_subscriptions WHERE endpoint = ?")
    .bind(endpoint)
    .all<{ user_id: string; p256dh: string; auth: string }>();

describe("a browser's subscription and the accounts that send its endpoint", () => {
  it("keeps a browser with its owner when another account sends its endpoint under other keys, and answers as if subscribed", async () => {
    const owner = await signedInPlayer(10);
    const other = await signedInPlayer();
    const phone = await subscribeDevice(standin, owner.bearer);
    const { p256dh, auth } = await createSubscriber();

    const answer = await successOf(
      apiClient({ headers: other.bearer }).notifications.subscriptions.$post({
        json: { endpoint: phone.endpoint, keys: { p256dh, auth } },
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ devices: 0, topics: { picks: true } });
    expect((await holderOf(owner.userId, phone.endpoint)).results).toEqual([
      { user_id: owner.userId, p256dh: phone.subscriber.p256dh, auth: phone.subscriber.auth },
    ]);
    expect((await successOf(apiClient({ headers: owner.bearer }).notifications.$get())).body.devices).toBe(1);

    // The owner's notices still reach the phone, readable with its own keys.
    const questionId = await insertQuestion({ title: "Will it rain?", creditCost: 1 });
    await placePick(owner.userId, questionId, "yes");
    await setOutcome(dataContext(env), {
      questionId,
      outcome: "A",
      actor: adminActor((await signedInAdmin()).userId),
      now: Date.now(),
    });
    await drainPushes();
    expect(await pushesTo(standin, phone)).toEqual([expect.objectContaining({ title: "You won 2 credits!" })]);
    expect(
      (
        await shardOf(other.userId)
          .prepare("SELECT count(*) AS n FROM push_subscriptions WHERE user_id = ?")
          .bind(other.userId)
          .first<{ n: number }>()
      )?.n,
    ).toBe(0);
  });
});
