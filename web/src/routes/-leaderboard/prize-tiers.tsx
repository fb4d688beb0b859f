import type { Contest } from "../../features/community/contest-queries";
import { formatCredits } from "../../lib/format";

/** How the contest pays, in the card's own words. */
export const PrizeTiers = ({ prizes }: { prizes: Contest["prizes"] }) => (
  <details className="rounded-xl bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
    <summary className="cursor-pointer font-semibold">Prizes</summary>
    <ul className="mt-2 space-y-1">
      {prizes.tiers.map((tier) => (
        <li key={tier.topPercent} className="flex justify-between gap-2">
          <span>Top {tier.topPercent}%</span>
          <span className="font-semibold">{formatCredits(tier.credits)}</span>
        </li>
      ))}
      <li className="flex justify-between gap-2">
        <span>Places 1 to {prizes.topPlaces}</span>
        <span className="font-semibold">+{formatCredits(prizes.topPlacesPrize)}</span>
      </li>
    </ul>
    <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
      Your highest tier pays, and every tier pays at least one player. Your score is the number of your picks that win
      while you are in the challenge; ties go to whoever joined first. Prizes are paid when the challenge ends.
    </p>
  </details>
);
