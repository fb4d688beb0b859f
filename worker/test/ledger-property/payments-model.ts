import type { Accounts } from "./accounts-model";
import type { RedemptionsModel } from "./redemptions-model";

type Session = {
  owner: string;
  credits: number;
  amount: number;
  credited: boolean;
  takenBack: number;
  returnShown: boolean;
};

const CHECKOUTS_PER_HOUR = 30;

/**
 * Stripe checkouts: each paid session is credited once, by whichever of the webhook and the verify call comes first;
 * the buyer's first verify call is told the credits arrived, whoever credited them, and every later one is a repeat;
 * a refund or dispute takes back its share of a credited purchase (cumulative, never more than was bought) and
 * holds the buyer's pending redemptions.
 */
export class PaymentsModel {
  readonly sessions: Session[] = [];
  private readonly checkouts = new Map<string, number>();

  constructor(
    private readonly accounts: Accounts,
    private readonly redemptions: RedemptionsModel,
  ) {}

  /** Whether starting a checkout is allowed (a per-player hourly limit). */
  startCheckout(owner: string) {
    const count = (this.checkouts.get(owner) ?? 0) + 1;
    this.checkouts.set(owner, count);
    return count <= CHECKOUTS_PER_HOUR;
  }

  addSession(owner: string, credits: number, amount: number) {
    this.sessions.push({ owner, credits, amount, credited: false, takenBack: 0, returnShown: false });
  }

  /** True when this delivery is the one that credits the purchase. */
  credit(index: number) {
    const session = this.sessions[index];
    if (!session || session.credited) return false;
    session.credited = true;
    this.accounts.grant(session.owner, session.credits);
    return true;
  }

  /** The buyer's verify call: credits the purchase if nothing did yet; true when it is the first return. */
  returnTo(index: number) {
    const session = this.sessions[index];
    if (!session) return false;
    this.credit(index);
    const first = !session.returnShown;
    session.returnShown = true;
    return first;
  }

  /** `refunded` is the charge's cumulative refunded amount; null is a dispute of the whole charge. */
  takeBack(index: number, refunded: number | null) {
    const session = this.sessions[index];
    if (!session?.credited) return;
    const share = refunded === null ? session.credits : Math.ceil((session.credits * refunded) / session.amount);
    const target = Math.min(session.credits, share);
    if (target <= session.takenBack) return;
    this.accounts.reverse(session.owner, target - session.takenBack, "other");
    session.takenBack = target;
    this.redemptions.hold(session.owner);
  }
}
