/** An in-memory model of what every balance must be and which commands the worker must accept, for the ledger property test. */
import { Accounts } from "./accounts-model";
import { ContestsModel } from "./contests-model";
import { DailyModel } from "./daily-model";
import { PaymentsModel } from "./payments-model";
import { PicksModel } from "./picks-model";
import { PromosModel } from "./promos-model";
import { RedemptionsModel } from "./redemptions-model";

export type { Outcome } from "./picks-model";

export class LedgerModel {
  readonly accounts = new Accounts();
  readonly picks = new PicksModel(this.accounts);
  readonly redemptions = new RedemptionsModel(this.accounts);
  readonly payments = new PaymentsModel(this.accounts, this.redemptions);
  readonly promos = new PromosModel(this.accounts);
  readonly contests = new ContestsModel(this.accounts, this.picks);
  readonly daily = new DailyModel(this.accounts);
  /** The command being run, as a clock: contest scores count wins settled after joining. */
  step = 0;

  /** A player created straight in D1 with what they won before, or signed up (a larger bonus when invited). */
  addPlayer(id: string, start: { winnings: number } | { referrer: string | null }) {
    if ("winnings" in start) {
      this.accounts.grant(id, start.winnings, "winnings");
      return;
    }
    this.accounts.grant(id, start.referrer ? 10 : 5);
    this.daily.addEligible(id);
    if (start.referrer) this.picks.addReferral(id, start.referrer);
  }
}
