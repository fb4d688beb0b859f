import { env } from "cloudflare:test";
import { expect } from "vitest";
import { auditLedger } from "../../features/credits/ledger.audit";
import type { LedgerModel } from "./ledger-model";
import type { World } from "./world";

type CreditsRow = { user_id: string; balance: number; redeemable: number };

/**
 * Every player's balance and redeemable credits are what the model says, and the ledger audit finds nothing about
 * this run's accounts. Runs share the database; a failed run's rows would otherwise fail every shrunk replay too.
 */
export const expectAgreement = async (world: World, model: LedgerModel, label: string) => {
  const ids = world.players.map((player) => player.userId);
  const { results } = await env.DB.prepare(`SELECT user_id, balance, redeemable FROM user_credits WHERE user_id IN (${ids.map(() => "?").join(", ")})`)
    .bind(...ids)
    .all<CreditsRow>();
  const stored = new Map(results.map((row) => [row.user_id, { balance: row.balance, redeemable: row.redeemable }]));
  const actual = ids.map((id) => stored.get(id) ?? { balance: 0, redeemable: 0 });
  const expected = ids.map((id) => ({ ...model.accounts.of(id) }));
  expect(actual, `balances ${label}`).toEqual(expected);
  const mine = new Set([...ids, world.admin.userId]);
  const violations = (await auditLedger(env.DB)).filter((violation) => violation.userId === null || mine.has(violation.userId));
  expect(violations, `audit ${label}`).toEqual([]);
};
