import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { payContests } from "../../cron/pay-contests";
import { signUpAndLogin } from "../../test/accounts";
import { apiClient, bodyAt, successOf } from "../../test/client";
import { insertContest, join } from "../../test/contests";
import { grantCredits } from "../../test/ledger";
import {
  createSubscriber,
  drainPushes,
  pushesTo,
  subscribeDevice,
  useFakePushService,
  type PushStandin,
} from "../../test/push";
import { redeemGiftCard } from "../../test/redemptions";
import { createPlayerIn, shardOf } from "../../test/players";
import { signedInAdmin, signedInPlayer } from "../../test/sessions";
import { dataContext } from "../../db/data-context";
import { decideRedemption } from "../redemptions/decide-redemption.service";
import { readSettings } from "../../env";
import { productionEnv } from "../../test/deployed-env";
import { MAX_DEVICES } from "./notifications.service";

const DAY = 24 * 60 * 60 * 1000;
let standin: PushStandin;

beforeEach(() => {
  standin = useFakePushService();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const subscriptions = (userId: string) =>
  shardOf(userId)
    .prepare("SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY created_at")
    .bind(userId)
    .all<{ endpoint: string }>();

describe("turning notifications on and off", () => {
  it("gives the key to subscribe with and every topic by default, and only to a signed-in player", async () => {
    expect((await apiClient().notifications.$get()).status).toBe(401);
    const player = await signedInPlayer();
    const { body } = await successOf(apiClient({ headers: player.bearer }).notifications.$get());
    expect(body).toEqual({
      publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
      topics: { picks: true, streaks: true, redemptions: true, contests: true },
      devices: 0,
    });
  });

  it("refuses an endpoint that is not a known push service, so the worker never posts to an address a client chose", async () => {
    const player = await signedInPlayer();
    const { p256dh, auth } = await createSubscriber();
    for (const endpoint of [
      "https://attacker.example/collect",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://fcm.googleapis.com.attacker.example/x",
      "http://127.0.0.1:8787/api/admin/players",
      "not a url",
    ]) {
      const response = await apiClient({ headers: player.bearer }).notifications.subscriptions.$post({
        json: { endpoint, keys: { p256dh, auth } },
      });
      expect((await bodyAt(response, 400)).error.message).toBe("This browser's push service is not supported");
    }
    const badKeys = await apiClient({ headers: player.bearer }).notifications.subscriptions.$post({
      json: { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { p256dh: "short", auth } },
    });
    expect((await bodyAt(badKeys, 400)).error.message).toBe("Invalid subscription keys");
    expect((await subscriptions(player.userId)).results).toEqual([]);
  });

  it("keeps a player's newest devices, moves a shared browser to whoever turned it on last, and turns one off", async () => {
    const first = await signedInPlayer();
    const second = await signedInPlayer();
    const shared = await subscribeDevice(standin, first.bearer);
    for (let i = 0; i < MAX_DEVICES; i++) await subscribeDevice(standin, first.bearer);
    expect((await subscriptions(first.userId)).results).toHaveLength(MAX_DEVICES);
    expect((await subscriptions(first.userId)).results).not.toContainEqual({ endpoint: shared.endpoint });

    const moved = await subscribeDevice(standin, second.bearer);
    await subscribeDevice(standin, first.bearer);
    const keys = { p256dh: moved.subscriber.p256dh, auth: moved.subscriber.auth };
    await successOf(
      apiClient({ headers: first.bearer }).notifications.subscriptions.$post({
        json: { endpoint: moved.endpoint, keys },
      }),
    );
    expect((await subscriptions(second.userId)).results).toEqual([]);
    expect((await subscriptions(first.userId)).results).toContainEqual({ endpoint: moved.endpoint });

    const off = await successOf(
      apiClient({ headers: first.bearer }).notifications.subscriptions.$delete({ json: { endpoint: moved.endpoint } }),
    );
    expect(off.body.devices).toBe(MAX_DEVICES - 1);
    expect((await subscriptions(first.userId)).results).not.toContainEqual({ endpoint: moved.endpoint });
  });

  it("takes the same browser's subscription again as an upsert, and takes it back after the server dropped it", async () => {
    const player = await signedInPlayer();
    const device = await subscribeDevice(standin, player.bearer);
    const keys = { p256dh: device.subscriber.p256dh, auth: device.subscriber.auth };
    const resend = () =>
      successOf(
        apiClient({ headers: player.bearer }).notifications.subscriptions.$post({
          json: { endpoint: device.endpoint, keys },
        }),
      );
    expect((await resend()).body.devices).toBe(1);
    expect((await subscriptions(player.userId)).results).toEqual([{ endpoint: device.endpoint }]);

    // As after a 404 or 410 from the push service: the profile's resend on the next visit restores it.
    await shardOf(player.userId).prepare("DELETE FROM push_subscriptions WHERE user_id = ?").bind(player.userId).run();
    expect((await resend()).body.devices).toBe(1);
    expect((await subscriptions(player.userId)).results).toEqual([{ endpoint: device.endpoint }]);
  });

  it("forgets every device when the account is deleted", async () => {
    const account = await signUpAndLogin(`push-delete-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await subscribeDevice(standin, account.bearer);
    const deleted = await apiClient({ headers: account.bearer }).me.$delete({ json: { password: "password123" } });
    expect(deleted.status).toBe(200);
    expect((await subscriptions(account.userId)).results).toEqual([]);
  });
});

describe("the application server's keys", () => {
  it("are required in production, and staging without its own answers 503 rather than use the local pair", async () => {
    expect(() => readSettings(productionEnv({ VAPID_PUBLIC_KEY: "" }))).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are required in production/,
    );
    const player = await signedInPlayer();
    const staging = { ...productionEnv({ VAPID_PUBLIC_KEY: "" }), ENVIRONMENT: "staging" };
    const response = await apiClient({ headers: player.bearer, env: staging }).notifications.$get();
    expect((await bodyAt(response, 503)).error.message).toBe("Notifications are not configured");
  });
});

/** A player with a device redeems 20 credits and an admin decides; what their device then received. */
const redeemAndDecide = async (status: "fulfilled" | "rejected", topics: { redemptions?: boolean } = {}) => {
  const account = await signUpAndLogin(`push-redeem-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const device = await subscribeDevice(standin, account.bearer);
  if (Object.keys(topics).length > 0)
    await successOf(apiClient({ headers: account.bearer }).notifications.topics.$put({ json: topics }));
  await grantCredits(account.userId, 50, "winnings");
  const { body } = await redeemGiftCard(account, { credits: 20 });
  const admin = await signedInAdmin();
  await decideRedemption(dataContext(env), {
    redemptionId: body.redemption.id,
    status,
    note: null,
    adminId: admin.userId,
    now: Date.now(),
    appUrl: env.APP_URL,
  });
  await drainPushes();
  return { redemptionId: body.redemption.id, pushes: await pushesTo(standin, device) };
};

describe("notices beyond picks", () => {
  it("tells a player their redemption was rejected, with the refund", async () => {
    const { redemptionId, pushes } = await redeemAndDecide("rejected");
    expect(pushes).toEqual([
      {
        title: "Your redemption was not approved",
        body: "20 credits went back to your balance.",
        url: "/gift-cards",
        tag: `redemption-${redemptionId}`,
      },
    ]);
  });

  it("tells a player their redemption was fulfilled, opening the gift cards", async () => {
    const { redemptionId, pushes } = await redeemAndDecide("fulfilled");
    expect(pushes).toEqual([
      {
        title: "Your redemption was fulfilled",
        body: "Check your email for the details.",
        url: "/gift-cards",
        tag: `redemption-${redemptionId}`,
      },
    ]);
  });

  it("sends no redemption notice to a player who turned that kind off, fulfilled or rejected", async () => {
    expect((await redeemAndDecide("fulfilled", { redemptions: false })).pushes).toEqual([]);
    expect((await redeemAndDecide("rejected", { redemptions: false })).pushes).toEqual([]);
  });

  it("tells a contest's winner their place and prize, once however often the payout runs", async () => {
    const startsAt = Date.now() - 4 * DAY;
    const contestId = await insertContest({ startsAt, days: 3, title: "Weekend Challenge" });
    const player = await signedInPlayer(15);
    const device = await subscribeDevice(standin, player.bearer);
    await join(contestId, player.userId, startsAt + 1000);
    await shardOf(player.userId)
      .prepare("UPDATE contest_entries SET score = 3 WHERE contest_id = ?")
      .bind(contestId)
      .run();
    await payContests(dataContext(env), Date.now(), env);
    await payContests(dataContext(env), Date.now(), env);
    await drainPushes();
    expect(await pushesTo(standin, device)).toEqual([
      expect.objectContaining({ title: "You placed #1 in Weekend Challenge", url: "/leaderboard" }),
    ]);
  });

  it("tells every entrant outside the prizes their place, once, and nothing to one who turned contests off", async () => {
    const startsAt = Date.now() - 4 * DAY;
    const contestId = await insertContest({ startsAt, days: 3, title: "Midweek Challenge" });
    // Ten places pay whatever the field (CONTEST_TOP_PLACES): ten players ahead, then three without a prize.
    const ahead = await Promise.all(Array.from({ length: 10 }, () => createPlayerIn(env, 15)));
    const [eleventh, twelfth, quiet] = await Promise.all([signedInPlayer(15), signedInPlayer(15), signedInPlayer(15)]);
    const devices = await Promise.all(
      [eleventh!, twelfth!, quiet!].map((player) => subscribeDevice(standin, player.bearer)),
    );
    await successOf(apiClient({ headers: quiet!.bearer }).notifications.topics.$put({ json: { contests: false } }));
    const field = [...ahead, eleventh!.userId, twelfth!.userId, quiet!.userId];
    for (const [i, userId] of field.entries()) {
      await join(contestId, userId, startsAt + 1000 + i);
      await shardOf(userId)
        .prepare("UPDATE contest_entries SET score = ? WHERE contest_id = ? AND user_id = ?")
        .bind(field.length - i, contestId, userId)
        .run();
    }
    await payContests(dataContext(env), Date.now(), env);
    await payContests(dataContext(env), Date.now(), env);
    await drainPushes();

    const [eleventhPhone, twelfthPhone, quietPhone] = devices;
    expect(await pushesTo(standin, eleventhPhone!)).toEqual([
      {
        title: "You placed #11 in Midweek Challenge",
        body: "Out of 13 players. No prize this time.",
        url: "/leaderboard",
        tag: `contest-${contestId}`,
      },
    ]);
    expect(await pushesTo(standin, twelfthPhone!)).toEqual([
      expect.objectContaining({ title: "You placed #12 in Midweek Challenge" }),
    ]);
    expect(await pushesTo(standin, quietPhone!)).toEqual([]);
  });
});
