import type { Accounts } from "./accounts-model";

type Promo = {
  credits: number;
  active: boolean;
  expired: boolean;
  maxRedemptions: number | null;
  count: number;
  usedBy: Set<string>;
};

const ATTEMPTS_PER_HOUR = 30;

/** Promo codes: bonus credits once per account, while the code is active, unexpired and under its overall cap. */
export class PromosModel {
  readonly promos: Promo[] = [];
  private readonly attempts = new Map<string, number>();

  constructor(private readonly accounts: Accounts) {}

  create(credits: number, active: boolean, expired: boolean, maxRedemptions: number | null) {
    this.promos.push({ credits, active, expired, maxRedemptions, count: 0, usedBy: new Set() });
  }

  setActive(index: number, active: boolean) {
    const promo = this.promos[index];
    if (promo) promo.active = active;
  }

  /** Whether the redemption must be accepted; every attempt counts towards the player's hourly limit. */
  redeem(player: string, index: number) {
    const attempts = (this.attempts.get(player) ?? 0) + 1;
    this.attempts.set(player, attempts);
    const promo = this.promos[index];
    if (!promo || attempts > ATTEMPTS_PER_HOUR) return false;
    if (!promo.active || promo.expired || promo.usedBy.has(player)) return false;
    if (promo.maxRedemptions !== null && promo.count >= promo.maxRedemptions) return false;
    promo.count += 1;
    promo.usedBy.add(player);
    this.accounts.grant(player, promo.credits);
    return true;
  }
}
