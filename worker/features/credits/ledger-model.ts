/** An in-memory model of what every balance must be, for the ledger property test. */
export type Outcome = "unresolved" | "A" | "B" | "void";

type ModelPick = { player: string; question: string; choice: "yes" | "no"; cost: number; payout: number };
type ModelQuestion = { id: string; cost: number; outcome: Outcome; deleted: boolean; frozen: Outcome | "refunded" | null };

export class LedgerModel {
  readonly purchases = new Map<string, number>();
  readonly questions = new Map<string, ModelQuestion>();
  readonly picks: ModelPick[] = [];

  addPlayer(id: string) {
    this.purchases.set(id, 0);
  }

  addQuestion(id: string, cost: number) {
    this.questions.set(id, { id, cost, outcome: "unresolved", deleted: false, frozen: null });
  }

  buy(player: string, credits: number) {
    this.purchases.set(player, (this.purchases.get(player) ?? 0) + credits);
  }

  /** Whether the real service should accept the pick; records it when so. */
  pick(player: string, question: string, choice: "yes" | "no", multiplier: number) {
    const q = this.questions.get(question);
    if (!q || q.deleted || q.outcome !== "unresolved") return false;
    if (this.picks.some((p) => p.player === player && p.question === question)) return false;
    const cost = q.cost === 0 ? 0 : q.cost * multiplier;
    if (cost > this.balance(player)) return false;
    this.picks.push({ player, question, choice, cost, payout: q.cost === 0 ? 2 : cost * 2 });
    return true;
  }

  resolve(question: string, outcome: Outcome) {
    const q = this.questions.get(question);
    if (q && !q.deleted) q.outcome = outcome;
  }

  /** Deleting refunds unsettled picks; a settled question keeps what it paid. */
  delete(question: string) {
    const q = this.questions.get(question);
    if (!q || q.deleted) return;
    q.deleted = true;
    q.frozen = q.outcome === "unresolved" ? "refunded" : q.outcome;
  }

  private returned(pick: ModelPick) {
    const q = this.questions.get(pick.question);
    const state = q?.deleted ? q.frozen : q?.outcome;
    if (state === "refunded" || state === "void") return pick.cost;
    const won = (pick.choice === "yes" && state === "A") || (pick.choice === "no" && state === "B");
    return won ? pick.payout : 0;
  }

  balance(player: string) {
    const mine = this.picks.filter((p) => p.player === player);
    return (this.purchases.get(player) ?? 0) + mine.reduce((sum, p) => sum - p.cost + this.returned(p), 0);
  }
}
