import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ONE_DATABASE_MAP } from "#shared/shard-map";
import { SHARDS, twoShardEnv, userIdInShard } from "../test/shards";
import { dataContext, placementOf } from "./data-context";
import { SHARD_BUCKETS } from "./shards";
import { ACCOUNT_MOVING_MESSAGE, PLAYERS_MOVING_MESSAGE } from "./write-pause";

const oneDatabase = (): Env => ({ ...env, USER_SHARD_MAP: ONE_DATABASE_MAP });

/** Two player databases with the first half's upper quarter of buckets being moved to the second. */
const twoMoving = (): Env => ({
  ...twoShardEnv(),
  USER_SHARD_MAP: {
    version: 3,
    shards: [
      { binding: "SHARD_0", from: 0 },
      { binding: "SHARD_1", from: SHARD_BUCKETS / 2 },
    ],
    moving: { from: SHARD_BUCKETS / 4, to: SHARD_BUCKETS / 2, target: "SHARD_1" },
  },
});

const playerInMovingRange = () => {
  for (;;) {
    const id = userIdInShard(0);
    const data = dataContext(twoMoving());
    try {
      data.assertPlayerWritable(id);
    } catch {
      return id;
    }
  }
};

const statusOf = (action: () => unknown) => {
  try {
    action();
    return null;
  } catch (error) {
    return error as { status?: number; message: string };
  }
};

describe("the data context", () => {
  it("answers the catalogue for everything in the one-database deployment, and the request's session in its place", () => {
    const data = dataContext(oneDatabase());
    const id = crypto.randomUUID();
    expect(data.playersInCatalogue).toBe(true);
    expect(data.catalogue).toBe(env.DB);
    expect(data.player(id)).toBe(env.DB);
    expect(data.players().map(({ db }) => db)).toEqual([env.DB]);
    expect(data.questionCopies()).toEqual([]);

    const session = env.DB.withSession("first-unconstrained") as unknown as D1Database;
    const inSession = dataContext(oneDatabase(), session);
    expect(inSession.catalogue).toBe(session);
    expect(inSession.player(id)).toBe(session);
    expect(inSession.players().map(({ db }) => db)).toEqual([session]);
  });

  it("finds each player's database over two, groups players by it, and keeps question copies in both", async () => {
    const two = twoShardEnv();
    const data = dataContext(two);
    expect(data.playersInCatalogue).toBe(false);
    const [first, second] = [userIdInShard(0), userIdInShard(1)];
    expect(data.player(first)).toBe(SHARDS.SHARD_0);
    expect(data.player(second)).toBe(SHARDS.SHARD_1);
    expect(data.players().map(({ name }) => name)).toEqual(["SHARD_0", "SHARD_1"]);
    expect(data.playersNamed("SHARD_1")?.db).toBe(SHARDS.SHARD_1);
    expect(data.playersNamed("DB")).toBeUndefined();
    expect(data.questionCopies()).toEqual([SHARDS.SHARD_0, SHARDS.SHARD_1]);

    const groups = data.groupPlayers([first, second, userIdInShard(0)]);
    expect([...groups].map(([database, ids]) => [database.name, ids.length])).toEqual([
      ["SHARD_0", 2],
      ["SHARD_1", 1],
    ]);

    for (const id of [first, second]) expect(data.playerAt(placementOf(id))).toBe(data.player(id));
    expect([data.playerAt(-1), data.playerAt(SHARD_BUCKETS), data.playerAt(1.5)]).toEqual([null, null, null]);

    const found = await data.findInPlayers(async (db) => (db === SHARDS.SHARD_1 ? "in the second" : null));
    expect(found).toEqual({ db: SHARDS.SHARD_1, found: "in the second" });
    expect(await data.findInPlayers(async () => null)).toBeNull();
  });

  it("pauses writes of players being moved, and every write that reaches all players, with 503s that say why", () => {
    const data = dataContext(twoMoving());
    expect(data.anyMoving).toBe(true);
    expect(data.players().map(({ moving }) => moving)).toEqual([true, false]);
    const moving = playerInMovingRange();
    const refused = statusOf(() => data.writablePlayer(moving));
    expect(refused).toMatchObject({ status: 503, message: ACCOUNT_MOVING_MESSAGE });
    expect(statusOf(() => data.writablePlayer(userIdInShard(1)))).toBeNull();
    expect(statusOf(() => data.playerAt(placementOf(moving), { forWrite: true }))).toMatchObject({ status: 503 });
    expect(data.playerAt(placementOf(moving))).toBe(SHARDS.SHARD_0);
    expect(statusOf(() => data.assertNoMove())).toMatchObject({ status: 503, message: PLAYERS_MOVING_MESSAGE });
    expect(data.questionCopies()).toEqual([SHARDS.SHARD_0, SHARDS.SHARD_1]);
    for (let i = 0; i < 50; i += 1) expect(statusOf(() => data.assertPlayerWritable(data.newPlayerId()))).toBeNull();
  });

  it("reads the catalogue and a player's database in one batch where they are one database, and in one each otherwise", async () => {
    const reads = async (data: ReturnType<typeof dataContext>, id: string) =>
      data.readCatalogueAndPlayer(
        id,
        (db) => ({ catalogue: db.prepare("SELECT 'catalogue' AS side") }),
        (db) => ({ player: db.prepare("SELECT 'player' AS side") }),
      );
    for (const data of [dataContext(oneDatabase()), dataContext(twoShardEnv())]) {
      const { catalogue, player } = await reads(data, crypto.randomUUID());
      expect([catalogue.results, player.results]).toEqual([[{ side: "catalogue" }], [{ side: "player" }]]);
    }
  });
});
