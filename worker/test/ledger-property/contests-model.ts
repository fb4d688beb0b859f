import type { Accounts } from "./accounts-model";
import type { PicksModel } from "./picks-model";

type Entry = { player: string; joinStep: number };
type Contest = { entries: Entry[]; closed: boolean };

const ENTRY_FEE = 15;
const TIERS = [
  { topPercent: 1, credits: 500 },
  { topPercent: 5, credits: 200 },
  { topPercent: 15, credits: 50 },
];
const TOP_PLACES = 10;
const TOP_PLACES_PRIZE = 100;

/** docs/decisions/0008-contests.md: the highest tier a place reaches (each tier at least one place of its own), plus places 1 to 10. */
export const contestPrize = (place: number, entrants: number) => {
  let last = 0;
  let tierPrize = 0;
  for (const tier of TIERS) {
    last = Math.min(entrants, Math.max(last + 1, Math.floor((entrants * tier.topPercent) / 100)));
    if (place <= last) {
      tierPrize = tier.credits;
      break;
    }
  }
  return tierPrize + (place <= TOP_PLACES ? TOP_PLACES_PRIZE : 0);
};

/** Contests: a 15-credit entry while open; at the end each place is paid once, ranked by wins settled after joining. */
export class ContestsModel {
  readonly contests: Contest[] = [];

  constructor(
    private readonly accounts: Accounts,
    private readonly picks: PicksModel,
  ) {}

  add() {
    this.contests.push({ entries: [], closed: false });
  }

  join(index: number, player: string, step: number) {
    const contest = this.contests[index];
    if (!contest || contest.closed || contest.entries.some((e) => e.player === player)) return false;
    if (!this.picks.fitsDailyLimit(player, ENTRY_FEE)) return false;
    if (!this.accounts.spend(player, ENTRY_FEE)) return false;
    this.picks.countSpend(player, ENTRY_FEE);
    contest.entries.push({ player, joinStep: step });
    return true;
  }

  private score(entry: Entry) {
    return this.picks.wonPicksOf(entry.player).filter((p) => (p.settledStep ?? 0) > entry.joinStep).length;
  }

  /** Ends the contest and pays it; a second payout finds it closed and pays nobody. */
  payOut(index: number) {
    const contest = this.contests[index];
    if (!contest || contest.closed) return;
    contest.closed = true;
    // Ties go to the earlier join; entries are kept in join order and the sort is stable.
    const standings = contest.entries
      .map((entry) => ({ entry, score: this.score(entry) }))
      .sort((a, b) => b.score - a.score);
    standings.forEach(({ entry }, i) => {
      const prize = contestPrize(i + 1, standings.length);
      if (prize > 0) this.accounts.grant(entry.player, prize);
    });
  }
}
