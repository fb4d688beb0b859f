import type { Accounts } from "./accounts-model";

type Redemption = { player: string; credits: number; status: "pending" | "fulfilled" | "rejected"; held: boolean };

const MIN_CREDITS = 10;
const GIFT_CARD_MAX_CREDITS = 1000;
/** Per UTC day; a run is taken to stay within one day. */
const DAILY_MAX_CREDITS = 500;

/**
 * Gift cards and cash-outs take redeemable credits only, at most DAILY_MAX_CREDITS a day (rejected ones not
 * counted); an admin's rejection gives them back, once, as winnings. A refund or dispute that takes credits back
 * holds the player's pending redemptions, which can then be rejected but not fulfilled. The run's one admin may not
 * fulfil a redemption of a player they awarded credits to (four eyes); rejecting it stays open.
 */
export class RedemptionsModel {
  readonly redemptions: Redemption[] = [];
  private readonly awardedByAdmin = new Set<string>();

  constructor(private readonly accounts: Accounts) {}

  create(player: string, credits: number, kind: "gift_card" | "cash_out") {
    if (credits < MIN_CREDITS || (kind === "gift_card" && credits > GIFT_CARD_MAX_CREDITS)) return false;
    const today = this.redemptions
      .filter((r) => r.player === player && r.status !== "rejected")
      .reduce((sum, r) => sum + r.credits, 0);
    if (today + credits > DAILY_MAX_CREDITS) return false;
    if (!this.accounts.redeem(player, credits)) return false;
    this.redemptions.push({ player, credits, status: "pending", held: false });
    return true;
  }

  awarded(player: string) {
    this.awardedByAdmin.add(player);
  }

  /** Only a pending redemption can be decided. */
  decide(index: number, status: "fulfilled" | "rejected") {
    const redemption = this.redemptions[index];
    if (!redemption || redemption.status !== "pending") return false;
    if (status === "fulfilled" && (redemption.held || this.awardedByAdmin.has(redemption.player))) return false;
    redemption.status = status;
    if (status === "rejected") this.accounts.grant(redemption.player, redemption.credits, "winnings");
    return true;
  }

  hold(player: string) {
    for (const redemption of this.redemptions) {
      if (redemption.player === player && redemption.status === "pending") redemption.held = true;
    }
  }
}
