import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { twoShardEnv } from "../test/shards";
import { bucketOf, groupByShard, SHARD_BUCKETS, shardByBinding, shardMap, userShard } from "./shards";

const withMap = (map: unknown): Env => ({ ...env, USER_SHARD_MAP: map as object });

describe("the user shard map", () => {
  it("defaults to one shard that is the catalogue database itself", () => {
    const map = shardMap(env);
    expect(map).toMatchObject({ version: 1, sharesCatalogue: true });
    expect(map.shards.map((shard) => shard.binding)).toEqual(["DB"]);
    expect(userShard(env, crypto.randomUUID()).db).toBe(env.DB);
  });

  it("gives each shard the buckets from its start to the next shard's, whatever form the map comes in", () => {
    const two = twoShardEnv();
    const asText = withMap(JSON.stringify(two.USER_SHARD_MAP));
    for (const source of [two, asText]) {
      const map = shardMap(source);
      expect(map.sharesCatalogue).toBe(false);
      const ids = Array.from({ length: 200 }, () => crypto.randomUUID());
      for (const id of ids) {
        expect(userShard(source, id).binding).toBe(bucketOf(id) < SHARD_BUCKETS / 2 ? "SHARD_0" : "SHARD_1");
      }
    }
  });

  it("hashes a user id to the same bucket every time and spreads ids evenly", () => {
    const id = "2f0b9c1e-8a4d-4c55-9e43-6d1f0f6a2b7c";
    expect(bucketOf(id)).toBe(bucketOf(`${id}`));
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i += 1) counts[Math.floor(bucketOf(crypto.randomUUID()) / (SHARD_BUCKETS / 4))]! += 1;
    // 1,000 expected per quarter; a hash that clumps would leave one far off.
    for (const count of counts) expect(count).toBeGreaterThan(850);
  });

  it("groups players by shard and finds a shard by its binding", () => {
    const two = twoShardEnv();
    const ids = Array.from({ length: 50 }, () => crypto.randomUUID());
    const groups = groupByShard(two, ids);
    expect([...groups.values()].flat().sort()).toEqual([...ids].sort());
    for (const [shard, members] of groups) for (const id of members) expect(userShard(two, id)).toBe(shard);
    expect(shardByBinding(two, "SHARD_1")?.db).toBe(env.SHARD_1);
    expect(shardByBinding(two, "DB")).toBeUndefined();
  });

  it.each([
    [
      "a binding that is not a D1 database",
      { version: 1, shards: [{ binding: "IMAGES", from: 0 }] },
      /IMAGES is not a D1 binding/,
    ],
    ["a first shard not at bucket 0", { version: 1, shards: [{ binding: "DB", from: 3 }] }, /start at bucket 0/],
    [
      "shards out of order",
      {
        version: 1,
        shards: [
          { binding: "SHARD_0", from: 0 },
          { binding: "SHARD_1", from: 600 },
          { binding: "IMAGES", from: 500 },
        ],
      },
      /increasing buckets/,
    ],
    [
      "the catalogue as one of several shards",
      {
        version: 1,
        shards: [
          { binding: "DB", from: 0 },
          { binding: "SHARD_1", from: 512 },
        ],
      },
      /only be the one shard/,
    ],
    [
      "one binding twice",
      {
        version: 1,
        shards: [
          { binding: "SHARD_0", from: 0 },
          { binding: "SHARD_0", from: 10 },
        ],
      },
      /one range only/,
    ],
    ["no version", { shards: [{ binding: "DB", from: 0 }] }, /version/],
  ])("refuses %s", (_, map, message) => {
    expect(() => shardMap(withMap(map))).toThrow(message);
  });
});
