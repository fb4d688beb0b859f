import { callJson } from "../http";
import type { LedgerModel } from "./ledger-model";
import type { CommandOf } from "./commands";
import { expectVerdict, nth, playerAt, sendOnceOrTwice, type World } from "./world";

const EMAIL = "winner@players.example";

/** A gift card or a cash-out: only redeemable credits (winnings), at least 10. */
export const runRedeem = async (world: World, model: LedgerModel, step: CommandOf<"redeem">) => {
  const player = playerAt(world, step.player);
  const kind = step.target === "gift_card" ? "gift_card" : "cash_out";
  const accepted = model.redemptions.create(player.userId, step.credits, kind);
  const { status, body } = await sendOnceOrTwice(step.twice, (headers) =>
    step.target === "gift_card"
      ? callJson<{ redemption: { id: string } }>("/api/redemptions/gift-card", {
          method: "POST",
          headers: { ...player.bearer, ...headers },
          json: { rewardId: "amazon", credits: step.credits, email: EMAIL, ageConfirmed: true },
        })
      : callJson<{ redemption: { id: string } }>("/api/redemptions/cash-out", {
          method: "POST",
          headers: { ...player.bearer, ...headers },
          json: { amount: step.credits, method: step.target, email: EMAIL, venmoUsername: "@winner", ageConfirmed: true },
        }),
  );
  expectVerdict(status, 201, accepted, JSON.stringify(step));
  if (accepted) world.redemptions.push(body.redemption.id);
};

/** An admin fulfils or rejects; a rejection gives the credits back once, and a decided redemption stays decided. */
export const runDecide = async (world: World, model: LedgerModel, step: CommandOf<"decide">) => {
  const chosen = nth(world.redemptions, step.redemption);
  if (!chosen) return;
  const accepted = model.redemptions.decide(chosen.index, step.status);
  const { status } = await callJson(`/api/admin/redemptions/${chosen.item}`, {
    method: "PATCH",
    headers: world.admin.bearer,
    json: { status: step.status },
  });
  expectVerdict(status, 200, accepted, JSON.stringify(step));
};
