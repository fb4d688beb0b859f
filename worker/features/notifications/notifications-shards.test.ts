import { describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { createSubscriber } from "../../test/push";
import { signedInPlayerPerShard } from "../../test/shard-players";
import { rowsByDatabase } from "../../test/shards";
import { twoShardEnv } from "../../test/shards";
import type { SignedInPlayer } from "../../test/sessions";
import { STANDIN_PUSH_ORIGIN } from "./push-service";

const shards = twoShardEnv();

const notifications = (player: SignedInPlayer) => apiClient({ headers: player.bearer, env: shards }).notifications;

const turnOn = async (player: SignedInPlayer, endpoint = `${STANDIN_PUSH_ORIGIN}/push/${crypto.randomUUID()}`) => {
  const { p256dh, auth } = await createSubscriber();
  await successOf(notifications(player).subscriptions.$post({ json: { endpoint, keys: { p256dh, auth } } }));
  return endpoint;
};

describe("notifications with players over two shards", () => {
  it("keeps each player's devices and choices in their own shard", async () => {
    for (const player of await signedInPlayerPerShard(shards)) {
      const endpoint = await turnOn(player);
      await successOf(notifications(player).topics.$put({ json: { streaks: false } }));
      const { body } = await successOf(notifications(player).$get());
      expect(body).toMatchObject({ topics: { picks: true, streaks: false }, devices: 1 });
      for (const table of ["push_subscriptions", "notification_settings"]) {
        expect(await rowsByDatabase(shards, table, player.userId)).toEqual({ shard: 1, other: 0, catalogue: 0 });
      }
      const off = await successOf(notifications(player).subscriptions.$delete({ json: { endpoint } }));
      expect(off.body.devices).toBe(0);
      expect(await rowsByDatabase(shards, "push_subscriptions", player.userId)).toEqual({ shard: 0, other: 0, catalogue: 0 });
    }
  });

  it("moves a shared browser to whoever turned it on last, from the other shard's player too", async () => {
    const [first, second] = await signedInPlayerPerShard(shards);
    const shared = await turnOn(first);
    await turnOn(second, shared);
    expect((await successOf(notifications(first).$get())).body.devices).toBe(0);
    expect((await successOf(notifications(second).$get())).body.devices).toBe(1);
    expect(await rowsByDatabase(shards, "push_subscriptions", first.userId)).toEqual({ shard: 0, other: 0, catalogue: 0 });
    expect(await rowsByDatabase(shards, "push_subscriptions", second.userId)).toEqual({ shard: 1, other: 0, catalogue: 0 });
  });
});
