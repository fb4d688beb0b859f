import type { Accounts } from "./accounts-model";

type Redemption = { player: string; credits: number; status: "pending" | "fulfilled" | "rejected" };

const MIN_CREDITS = 10;
const GIFT_CARD_MAX_CREDITS = 1000;

/** Gift cards and cash-outs take redeemable credits only; an admin's rejection gives them back, once, as winnings. */
export class RedemptionsModel {
  readonly redemptions: Redemption[] = [];

  constructor(private readonly accounts: Accounts) {}

  create(player: string, credits: number, kind: "gift_card" | "cash_out") {
    if (credits < MIN_CREDITS || (kind === "gift_card" && credits > GIFT_CARD_MAX_CREDITS)) return false;
    if (!this.accounts.redeem(player, credits)) return false;
    this.redemptions.push({ player, credits, status: "pending" });
    return true;
  }

  /** Only a pending redemption can be decided. */
  decide(index: number, status: "fulfilled" | "rejected") {
    const redemption = this.redemptions[index];
    if (!redemption || redemption.status !== "pending") return false;
    redemption.status = status;
    if (status === "rejected") this.accounts.grant(redemption.player, redemption.credits, true);
    return true;
  }
}
