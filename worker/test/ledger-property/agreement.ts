import { expect } from "vitest";
import { groupByShard, shardMap } from "../../db/shards";
import { auditLedger } from "../../features/credits/ledger.audit";
import type { LedgerModel } from "./ledger-model";
import type { World } from "./world";

type CreditsRow = { user_id: string; balance: number; redeemable: number; awarded: number };

/**
 * Every player's balance, redeemable and awarded credits are what the model says, and the ledger audit finds nothing about
 * this run's accounts. Runs share the database; a failed run's rows would otherwise fail every shrunk replay too,
 * and an audit of every run's rows would grow with each run.
 */
export const expectAgreement = async (world: World, model: LedgerModel, label: string) => {
  const ids = world.players.map((player) => player.userId);
  const stored = new Map<string, Omit<CreditsRow, "user_id">>();
  for (const [shard, userIds] of groupByShard(world.env, ids)) {
    const { results } = await shard.db
      .prepare(
        `SELECT user_id, balance, redeemable, awarded FROM user_credits WHERE user_id IN (${userIds.map(() => "?").join(", ")})`,
      )
      .bind(...userIds)
      .all<CreditsRow>();
    for (const row of results)
      stored.set(row.user_id, { balance: row.balance, redeemable: row.redeemable, awarded: row.awarded });
  }
  const actual = ids.map((id) => stored.get(id) ?? { balance: 0, redeemable: 0, awarded: 0 });
  const expected = ids.map((id) => ({ ...model.accounts.of(id) }));
  expect(actual, `balances ${label}`).toEqual(expected);
  // Scoped to this run's accounts: the whole database grows with every run, and its audit with it.
  const mine = [...ids, world.admin.userId];
  for (const { db, binding } of shardMap(world.env).shards) {
    expect(await auditLedger(db, mine), `audit of ${binding} ${label}`).toEqual([]);
  }
};
