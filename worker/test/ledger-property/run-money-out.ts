import { apiClient, bodyAt } from "../client";
import type { LedgerModel } from "./ledger-model";
import type { CommandOf } from "./commands";
import { expectVerdict, nth, playerAt, sendOnceOrTwice, type World } from "./world";

const EMAIL = "winner@players.example";

/** A gift card or a cash-out: only redeemable credits (winnings), at least 10. */
export const runRedeem = async (world: World, model: LedgerModel, step: CommandOf<"redeem">) => {
  const player = playerAt(world, step.player);
  const kind = step.target === "gift_card" ? "gift_card" : "cash_out";
  const accepted = model.redemptions.create(player.userId, step.credits, kind);
  const answer = await sendOnceOrTwice(step.twice, (headers) => {
    const redemptions = apiClient({ headers: { ...player.bearer, ...headers }, env: world.env }).redemptions;
    return step.target === "gift_card"
      ? redemptions["gift-card"].$post({
          json: { rewardId: "amazon", credits: step.credits, email: EMAIL, ageConfirmed: true },
          header: {},
        })
      : redemptions["cash-out"].$post({
          json: {
            amount: step.credits,
            method: step.target,
            email: EMAIL,
            venmoUsername: "@winner",
            ageConfirmed: true,
          },
          header: {},
        });
  });
  expectVerdict(answer.status, 201, accepted, JSON.stringify(step));
  if (accepted) world.redemptions.push((await bodyAt(answer, 201)).redemption.id);
};

/** An admin fulfils or rejects; a rejection gives the credits back once, and a decided redemption stays decided. */
export const runDecide = async (world: World, model: LedgerModel, step: CommandOf<"decide">) => {
  const chosen = nth(world.redemptions, step.redemption);
  if (!chosen) return;
  const accepted = model.redemptions.decide(chosen.index, step.status);
  const { status } = await apiClient({ headers: world.admin.bearer, env: world.env }).admin.redemptions[":id"].$patch({
    param: { id: chosen.item },
    json: { status: step.status },
  });
  expectVerdict(status, 200, accepted, JSON.stringify(step));
};
