import { describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { createSubscriber } from "../../test/push";
import { signedInPlayerPerShard } from "../../test/shard-players";
import { rowsByDatabase, SHARDS } from "../../test/shards";
import { twoShardEnv } from "../../test/shards";
import type { SignedInPlayer } from "../../test/sessions";
import { STANDIN_PUSH_ORIGIN } from "./push-service";

const shards = twoShardEnv();

const notifications = (player: SignedInPlayer) => apiClient({ headers: player.bearer, env: shards }).notifications;

type Keys = { p256dh: string; auth: string };

/** A browser turning notifications on; the same browser sends the same keys again, another browser its own. */
const turnOn = async (
  player: SignedInPlayer,
  endpoint = `${STANDIN_PUSH_ORIGIN}/push/${crypto.randomUUID()}`,
  keys?: Keys,
) => {
  const { p256dh, auth } = keys ?? (await createSubscriber());
  await successOf(notifications(player).subscriptions.$post({ json: { endpoint, keys: { p256dh, auth } } }));
  return { endpoint, keys: { p256dh, auth } };
};

describe("notifications with players over two shards", () => {
  it("keeps each player's devices and choices in their own shard", async () => {
    for (const player of await signedInPlayerPerShard(shards)) {
      const { endpoint } = await turnOn(player);
      await successOf(notifications(player).topics.$put({ json: { streaks: false } }));
      const { body } = await successOf(notifications(player).$get());
      expect(body).toMatchObject({ topics: { picks: true, streaks: false }, devices: 1 });
      for (const table of ["push_subscriptions", "notification_settings"]) {
        expect(await rowsByDatabase(shards, table, player.userId)).toEqual({ shard: 1, other: 0, catalogue: 0 });
      }
      const off = await successOf(notifications(player).subscriptions.$delete({ json: { endpoint } }));
      expect(off.body.devices).toBe(0);
      expect(await rowsByDatabase(shards, "push_subscriptions", player.userId)).toEqual({
        shard: 0,
        other: 0,
        catalogue: 0,
      });
    }
  });

  it("moves a shared browser to whoever turned it on last, from the other shard's player too", async () => {
    const [first, second] = await signedInPlayerPerShard(shards);
    const shared = await turnOn(first);
    await turnOn(second, shared.endpoint, shared.keys);
    expect((await successOf(notifications(first).$get())).body.devices).toBe(0);
    expect((await successOf(notifications(second).$get())).body.devices).toBe(1);
    expect(await rowsByDatabase(shards, "push_subscriptions", first.userId)).toEqual({
      shard: 0,
      other: 0,
      catalogue: 0,
    });
    expect(await rowsByDatabase(shards, "push_subscriptions", second.userId)).toEqual({
      shard: 1,
      other: 0,
      catalogue: 0,
    });
  });

  it("keeps a browser with its owner in the other shard when an account sends its endpoint under other keys", async () => {
    const [owner, other] = await signedInPlayerPerShard(shards);
    const phone = await turnOn(owner);
    const answer = await successOf(
      notifications(other).subscriptions.$post({
        json: { endpoint: phone.endpoint, keys: (await turnOn(other)).keys },
      }),
    );
    expect(answer.body.devices).toBe(1);
    expect((await successOf(notifications(owner).$get())).body.devices).toBe(1);
    expect(await rowsByDatabase(shards, "push_subscriptions", owner.userId)).toEqual({
      shard: 1,
      other: 0,
      catalogue: 0,
    });
    const held = await Promise.all(
      Object.values(SHARDS).map((db) =>
        db.prepare("SELECT user_id FROM push_subscriptions WHERE endpoint = ?").bind(phone.endpoint).all(),
      ),
    );
    expect(held.flatMap(({ results }) => results)).toEqual([{ user_id: owner.userId }]);
  });
});
