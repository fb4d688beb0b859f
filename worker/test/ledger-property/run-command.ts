import type { LedgerModel } from "./ledger-model";
import type { Command } from "./commands";
import { runDecide, runRedeem } from "./run-money-out";
import {
  runAdjust,
  runDaily,
  runJoin,
  runLimit,
  runPayout,
  runPromoCreate,
  runPromoRedeem,
  runPromoToggle,
} from "./run-bonuses";
import { runDelete, runPick, runResolve, runSignup } from "./run-picks";
import { runCheckout, runDeliver, runRefund, runVerify } from "./run-purchases";
import type { World } from "./world";

/**
 * Runs one command against the worker, checking it was accepted or refused as the model says, and updates the model;
 * then delivers what the command queued (settlement per shard, a referrer's bonus in another shard), as the queues
 * would before the next command.
 */
export const runCommand = async (world: World, model: LedgerModel, command: Command) => {
  await runOnly(world, model, command);
  await world.deliverAll();
};

const runOnly = (world: World, model: LedgerModel, command: Command): Promise<void> => {
  switch (command.kind) {
    case "signup":
      return runSignup(world, model, command);
    case "checkout":
      return runCheckout(world, model, command);
    case "deliver":
      return runDeliver(world, model, command);
    case "verify":
      return runVerify(world, model, command);
    case "refund":
      return runRefund(world, model, command);
    case "pick":
      return runPick(world, model, command);
    case "resolve":
      return runResolve(world, model, command);
    case "delete":
      return runDelete(world, model, command);
    case "promo-create":
      return runPromoCreate(world, model, command);
    case "promo-toggle":
      return runPromoToggle(world, model, command);
    case "promo-redeem":
      return runPromoRedeem(world, model, command);
    case "redeem":
      return runRedeem(world, model, command);
    case "decide":
      return runDecide(world, model, command);
    case "join":
      return runJoin(world, model, command);
    case "payout":
      return runPayout(world, model, command);
    case "daily":
      return runDaily(world, model, command);
    case "adjust":
      return runAdjust(world, model, command);
    case "limit":
      return runLimit(world, model, command);
  }
};
