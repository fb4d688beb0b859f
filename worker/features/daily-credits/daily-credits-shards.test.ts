import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAILY_CREDITS } from "../../config";
import { playerDb } from "../../db/shards";
import { apiClient, successOf } from "../../test/client";
import { expectLedgerClean } from "../../test/ledger";
import { signedInPlayerPerShard } from "../../test/shard-players";
import { rowsByDatabase } from "../../test/shards";
import { twoShardEnv } from "../../test/shards";
import { dataContext } from "../../db/data-context";
import { copyUsers } from "../auth/directory";

const shards = twoShardEnv();
const TZ = 0;

/** Confirmed players holding their address's bonus claim, in the directory and in their shard's copy. */
const eligiblePlayers = async () => {
  const players = await signedInPlayerPerShard(shards);
  const ids = players.map((player) => player.userId);
  await env.DB.prepare(
    "UPDATE users SET bonus_owner = 1, email_confirmed_at = 0 WHERE id IN (SELECT value FROM json_each(?))",
  )
    .bind(JSON.stringify(ids))
    .run();
  await copyUsers(dataContext(shards), ids);
  return players;
};

const daily = (bearer: Record<string, string>) => apiClient({ headers: bearer, env: shards })["daily-credits"];

describe("daily credits with players over two shards", () => {
  it("claims in the player's shard: the claim row, the grant and the balance", async () => {
    for (const player of await eligiblePlayers()) {
      expect((await successOf(daily(player.bearer).$get({ query: { tz: String(TZ) } }))).body).toMatchObject({
        available: true,
        streak: 1,
      });
      const { body } = await successOf(daily(player.bearer).claim.$post({ json: { tz: TZ } }));
      expect(body).toMatchObject({ amount: DAILY_CREDITS.base, streak: 1, credits: { balance: DAILY_CREDITS.base } });
      for (const table of ["daily_claims", "credit_transactions", "user_credits"]) {
        expect(await rowsByDatabase(shards, table, player.userId)).toEqual({ shard: 1, other: 0, catalogue: 0 });
      }
      expect((await daily(player.bearer).claim.$post({ json: { tz: TZ } })).status).toBe(409);
      expect((await successOf(daily(player.bearer).$get({ query: { tz: String(TZ) } }))).body).toMatchObject({
        available: false,
      });
    }
    await expectLedgerClean(env.SHARD_0);
    await expectLedgerClean(env.SHARD_1);
  });

  it("sees a break the player took, which lives in their shard", async () => {
    for (const player of await eligiblePlayers()) {
      await playerDb(shards, player.userId)
        .prepare("INSERT INTO play_blocks (user_id, break_until, updated_at) VALUES (?, ?, 0)")
        .bind(player.userId, Date.now() + 60_000)
        .run();
      expect((await successOf(daily(player.bearer).$get({ query: { tz: String(TZ) } }))).body).toMatchObject({
        available: false,
      });
      expect((await daily(player.bearer).claim.$post({ json: { tz: TZ } })).status).toBe(403);
      expect(await rowsByDatabase(shards, "daily_claims", player.userId)).toEqual({ shard: 0, other: 0, catalogue: 0 });
    }
  });
});
