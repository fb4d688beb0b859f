import { DAILY_CREDITS } from "../../config";
import type { Accounts } from "./accounts-model";

/**
 * Daily credits: one claim per player per day (a run fits in one day, so the base amount), and only for accounts that
 * hold their address's bonus claim: players who signed up through the API, not the ones written straight to D1.
 */
export class DailyModel {
  private readonly eligible = new Set<string>();
  private readonly claimed = new Set<string>();

  constructor(private readonly accounts: Accounts) {}

  addEligible(player: string) {
    this.eligible.add(player);
  }

  /** Whether the claim must be accepted. */
  claim(player: string) {
    if (!this.eligible.has(player) || this.claimed.has(player)) return false;
    this.claimed.add(player);
    this.accounts.grant(player, DAILY_CREDITS.base);
    return true;
  }
}
