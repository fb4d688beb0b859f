import type { Accounts, Kind } from "./accounts-model";

export type Outcome = "unresolved" | "A" | "B" | "void";
export type PickStatus = "active" | "won" | "lost" | "void";

export type ModelPick = {
  player: string;
  question: string;
  choice: "yes" | "no";
  cost: number;
  payout: number;
  status: PickStatus;
  /** Paid with awarded credits: its payout and refund come back awarded. */
  awardFunded: boolean;
  /** The model's step of the pick's last settlement, for contest scores; null while active. */
  settledStep: number | null;
};

type ModelQuestion = { cost: number; outcome: Outcome; deleted: boolean };

const REFERRER_BONUS = 100;
const FRIEND_BONUS = 50;
const REFERRAL_BONUSES_PER_REFERRER_PER_MONTH = 20;
const FREE_PICK_PAYOUT = 2;

const statusUnder = (choice: "yes" | "no", outcome: Outcome): PickStatus => {
  if (outcome === "unresolved") return "active";
  if (outcome === "void") return "void";
  return (outcome === "A") === (choice === "yes") ? "won" : "lost";
};

/** An award-funded pick's payout and refund come back awarded; another's as winnings and ordinary credits. */
const returnKinds = (pick: ModelPick): { payout: Kind; refund: Kind } =>
  pick.awardFunded ? { payout: "awarded", refund: "awarded" } : { payout: "winnings", refund: "other" };

/** Questions, picks and their settlement; a referred friend's first accepted paid pick pays the referral bonuses once. */
export class PicksModel {
  private readonly dailyLimits = new Map<string, number>();
  /** Credits spent in the run, on picks and contest entries: a run fits in a day, so all count against a daily limit. */
  private readonly pickSpend = new Map<string, number>();
  readonly questions = new Map<string, ModelQuestion>();
  private picks: ModelPick[] = [];
  private readonly referredBy = new Map<string, string>();
  private readonly referralPaid = new Set<string>();
  /** Referrer bonuses per referrer; a run stays within one calendar month. */
  private readonly referrerBonuses = new Map<string, number>();

  constructor(private readonly accounts: Accounts) {}

  addQuestion(id: string, cost: number) {
    this.questions.set(id, { cost, outcome: "unresolved", deleted: false });
  }

  addReferral(friend: string, referrer: string) {
    this.referredBy.set(friend, referrer);
  }

  wonPicksOf(player: string) {
    return this.picks.filter((p) => p.player === player && p.status === "won");
  }

  /** A lower (or first) daily limit on pick spending holds at once; a higher one waits a day, longer than any run. */
  setDailyLimit(player: string, amount: number) {
    const current = this.dailyLimits.get(player);
    if (current === undefined || amount <= current) this.dailyLimits.set(player, amount);
  }

  /** Whether `cost` more credits fit the player's daily spend limit, which a contest's entry fee counts toward too. */
  fitsDailyLimit(player: string, cost: number) {
    const limit = this.dailyLimits.get(player);
    return limit === undefined || (this.pickSpend.get(player) ?? 0) + cost <= limit;
  }

  /** Counts a contest's entry fee toward the daily spend limit, as a pick's cost is. */
  countSpend(player: string, cost: number) {
    this.pickSpend.set(player, (this.pickSpend.get(player) ?? 0) + cost);
  }

  /** Whether the worker must accept the pick; applies it when so. */
  pick(player: string, question: string, choice: "yes" | "no", multiplier: number) {
    const q = this.questions.get(question);
    if (!q || q.deleted || q.outcome !== "unresolved") return false;
    if (this.picks.some((p) => p.player === player && p.question === question)) return false;
    const cost = q.cost * multiplier;
    const limit = this.dailyLimits.get(player);
    const spentOnPicks = this.pickSpend.get(player) ?? 0;
    if (limit !== undefined && spentOnPicks + cost > limit) return false;
    const drawn = cost > 0 ? this.accounts.spend(player, cost) : "other";
    if (drawn === false) return false;
    this.pickSpend.set(player, spentOnPicks + cost);
    const payout = q.cost === 0 ? FREE_PICK_PAYOUT : cost * 2;
    this.picks.push({
      player,
      question,
      choice,
      cost,
      payout,
      status: "active",
      awardFunded: drawn === "awarded",
      settledStep: null,
    });
    const referrer = this.referredBy.get(player);
    if (referrer && cost > 0 && !this.referralPaid.has(player)) {
      this.referralPaid.add(player);
      this.accounts.grant(player, FRIEND_BONUS);
      const earned = this.referrerBonuses.get(referrer) ?? 0;
      if (earned < REFERRAL_BONUSES_PER_REFERRER_PER_MONTH) {
        this.referrerBonuses.set(referrer, earned + 1);
        this.accounts.grant(referrer, REFERRER_BONUS);
      }
    }
    return true;
  }

  /** A changed outcome reverses what each pick held and pays what the new one gives; the same outcome changes nothing. */
  resolve(question: string, outcome: Outcome, step: number) {
    const q = this.questions.get(question);
    if (!q || q.deleted) return false;
    if (q.outcome === outcome) return true;
    q.outcome = outcome;
    for (const p of this.picks.filter((pick) => pick.question === question)) {
      const { payout, refund } = returnKinds(p);
      if (p.status === "won") this.accounts.reverse(p.player, p.payout, payout);
      if (p.status === "void" && p.cost > 0) this.accounts.reverse(p.player, p.cost, refund);
      p.status = statusUnder(p.choice, outcome);
      if (p.status === "won") this.accounts.grant(p.player, p.payout, payout);
      if (p.status === "void" && p.cost > 0) this.accounts.grant(p.player, p.cost, refund);
      p.settledStep = p.status === "active" ? null : step;
    }
    return true;
  }

  /** Refunds the picks still active; a settled pick keeps what it was paid. The picks go with the question. */
  delete(question: string) {
    const q = this.questions.get(question);
    if (!q || q.deleted) return false;
    q.deleted = true;
    for (const p of this.picks.filter(
      (pick) => pick.question === question && pick.status === "active" && pick.cost > 0,
    )) {
      this.accounts.grant(p.player, p.cost, returnKinds(p).refund);
    }
    this.picks = this.picks.filter((p) => p.question !== question);
    return true;
  }
}
