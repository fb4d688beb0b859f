import { describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { signedInPlayerPerShard } from "../../test/shard-players";
import { rowsByDatabase } from "../../test/shards";
import { twoShardEnv } from "../../test/shards";

const shards = twoShardEnv();

describe("credits with players over two shards", () => {
  it("reads each player's balance and ledger from their own shard", async () => {
    const players = await signedInPlayerPerShard(shards, 20);
    for (const player of players) {
      const client = apiClient({ headers: player.bearer, env: shards });
      expect((await successOf(client.credits.$get())).body).toEqual({
        balance: 20,
        totalEarned: 20,
        totalSpent: 0,
        redeemable: 0,
      });
      const { body } = await successOf(client.credits.transactions.$get({ query: {} }));
      expect(body.items.map((item) => [item.amount, item.transactionType])).toEqual([[20, "purchase"]]);
      expect(await rowsByDatabase(shards, "user_credits", player.userId)).toEqual({ shard: 1, other: 0, catalogue: 0 });
    }
  });

  it("creates an empty credits row in the shard of a player who never had one", async () => {
    const players = await signedInPlayerPerShard(shards);
    for (const player of players) {
      const { body } = await successOf(apiClient({ headers: player.bearer, env: shards }).credits.$get());
      expect(body.balance).toBe(0);
      expect(await rowsByDatabase(shards, "user_credits", player.userId)).toEqual({ shard: 1, other: 0, catalogue: 0 });
    }
  });
});
