import { expect } from "vitest";
import { payContests } from "../../cron/pay-contests";
import { dataContext } from "../../db/data-context";
import { copyContests } from "../../features/contests/contest-copies";
import { apiClient, successOf } from "../client";
import type { LedgerModel } from "./ledger-model";
import type { CommandOf } from "./commands";
import { nextMillisecond } from "../clock";
import { callIn, expectVerdict, nth, playerAt, sendOnceOrTwice, type World } from "./world";

export const runPromoCreate = async (world: World, model: LedgerModel, step: CommandOf<"promo-create">) => {
  const code = `${world.tag}${world.promoCodes.length}`;
  const { status } = await callIn(world, "/api/admin/promo-codes", {
    method: "POST",
    headers: world.admin.bearer,
    json: {
      code,
      credits: step.credits,
      active: step.active,
      expiresAt: step.expired ? Date.now() - 60_000 : null,
      maxRedemptions: step.maxRedemptions,
    },
  });
  expect(status).toBe(201);
  world.promoCodes.push(code);
  model.promos.create(step.credits, step.active, step.expired, step.maxRedemptions);
};

export const runPromoToggle = async (world: World, model: LedgerModel, step: CommandOf<"promo-toggle">) => {
  const chosen = nth(world.promoCodes, step.promo);
  if (!chosen) return;
  const { status } = await callIn(world, `/api/admin/promo-codes/${chosen.item}`, {
    method: "PATCH",
    headers: world.admin.bearer,
    json: { active: step.active },
  });
  expect(status).toBe(200);
  model.promos.setActive(chosen.index, step.active);
};

/** With no code created yet the player tries one that does not exist. */
export const runPromoRedeem = async (world: World, model: LedgerModel, step: CommandOf<"promo-redeem">) => {
  const player = playerAt(world, step.player);
  const chosen = nth(world.promoCodes, step.promo);
  const accepted = model.promos.redeem(player.userId, chosen?.index ?? -1);
  const { status } = await callIn(world, "/api/promo-codes/redeem", {
    method: "POST",
    headers: player.bearer,
    json: { code: chosen?.item.toLowerCase() ?? `${world.tag}NONE` },
  });
  expectVerdict(status, 200, accepted, JSON.stringify(step));
};

export const runJoin = async (world: World, model: LedgerModel, step: CommandOf<"join">) => {
  const player = playerAt(world, step.player);
  const contestId = world.contests[step.contest] ?? "";
  // A join stamped in the same millisecond as an earlier settlement would count that win; the model says it must not.
  await nextMillisecond();
  const accepted = model.contests.join(step.contest, player.userId, model.step);
  const { status } = await sendOnceOrTwice(step.twice, (headers) =>
    callIn(world, `/api/contests/${contestId}/join`, { method: "POST", headers: { ...player.bearer, ...headers } }),
  );
  expectVerdict(status, 201, accepted, JSON.stringify(step));
};

/**
 * Time passes: the contest's end is moved to now (later than every settlement so far), then the payout cron runs.
 * Paying an ended contest again must pay nobody twice.
 */
export const runPayout = async (world: World, model: LedgerModel, step: CommandOf<"payout">) => {
  const contestId = world.contests[step.contest] ?? "";
  await nextMillisecond();
  const now = Date.now();
  await world.env.DB.prepare("UPDATE contests SET ends_at = ? WHERE id = ? AND closed_at IS NULL")
    .bind(now, contestId)
    .run();
  await copyContests(dataContext(world.env), [contestId]);
  await payContests(dataContext(world.env), now, world.env);
  model.contests.payOut(step.contest);
};

/** A daily credits claim, and with `twice` the same claim again at once after it (always refused). */
export const runDaily = async (world: World, model: LedgerModel, step: CommandOf<"daily">) => {
  const player = playerAt(world, step.player);
  const claim = () =>
    callIn(world, "/api/daily-credits/claim", { method: "POST", headers: player.bearer, json: { tz: 0 } });
  for (let attempt = 0; attempt < (step.twice ? 2 : 1); attempt++) {
    const accepted = model.daily.claim(player.userId);
    expectVerdict((await claim()).status, 200, accepted, JSON.stringify(step));
  }
};

/**
 * An admin's award (awarded credits, never redeemable, nor the winnings of picks paid with them, and the admin may no
 * longer fulfil the player's redemptions) or deduction (a spend that never takes the balance below zero); with `twice`
 * the same adjustment again, which moves nothing and answers as the first did.
 */
export const runAdjust = async (world: World, model: LedgerModel, step: CommandOf<"adjust">) => {
  const player = playerAt(world, step.player);
  const adjustmentId = crypto.randomUUID();
  const send = () =>
    apiClient({ headers: world.admin.bearer, env: world.env }).admin.players[":id"].credits.$post({
      param: { id: player.userId },
      json: { adjustmentId, amount: step.amount, reason: "Model adjustment" },
    });
  const accepted = step.amount > 0 || model.accounts.spend(player.userId, -step.amount) !== false;
  if (step.amount > 0) {
    model.accounts.grant(player.userId, step.amount, "awarded");
    model.redemptions.awarded(player.userId);
  }
  const first = await send();
  expectVerdict(first.status, 200, accepted, JSON.stringify(step));
  if (step.twice) expect((await send()).status, `${JSON.stringify(step)} repeated`).toBe(first.status);
};

/** A player sets a daily limit on pick spending; the model then refuses the picks that would go over it. */
export const runLimit = async (world: World, model: LedgerModel, step: CommandOf<"limit">) => {
  const player = playerAt(world, step.player);
  await successOf(
    apiClient({ headers: player.bearer, env: world.env })["responsible-play"].limits.$put({
      json: { kind: "spend", period: "day", amount: step.amount },
    }),
  );
  model.picks.setDailyLimit(player.userId, step.amount);
};
