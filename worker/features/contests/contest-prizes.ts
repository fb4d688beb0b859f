import { CONTEST_PRIZE_TIERS, CONTEST_TOP_PLACES, CONTEST_TOP_PLACES_PRIZE } from "../../config";

/**
 * The last place of each tier (top 1%, 5%, 15%), rounded down, but each tier holds at least one place of its own
 * while there are players left: 7 players pay places 1, 2 and 3 a tier each (see docs/decisions/0008-contests.md).
 */
export const tierCutoffs = (entrants: number) => {
  const cutoffs: number[] = [];
  let previous = 0;
  for (const tier of CONTEST_PRIZE_TIERS) {
    const share = Math.floor((entrants * tier.topPercent) / 100);
    previous = Math.min(entrants, Math.max(previous + 1, share));
    cutoffs.push(previous);
  }
  return cutoffs;
};

/** Places 1 to this many win something. */
export const paidPlaces = (entrants: number) =>
  Math.min(entrants, Math.max(CONTEST_TOP_PLACES, ...tierCutoffs(entrants)));

/** The highest tier a place reaches, plus the top-places prize. */
export const prizeFor = (place: number, entrants: number) => {
  if (place < 1 || place > entrants) return 0;
  const tier = tierCutoffs(entrants).findIndex((cutoff) => place <= cutoff);
  const tierPrize = tier === -1 ? 0 : (CONTEST_PRIZE_TIERS[tier]?.credits ?? 0);
  return tierPrize + (place <= CONTEST_TOP_PLACES ? CONTEST_TOP_PLACES_PRIZE : 0);
};

/** The rules as the contest card explains them, with the places each tier covers for the current entrants. */
export const prizeTable = (entrants: number) => {
  const cutoffs = tierCutoffs(entrants);
  return {
    tiers: CONTEST_PRIZE_TIERS.map((tier, i) => ({
      topPercent: tier.topPercent,
      credits: tier.credits,
      lastPlace: entrants === 0 ? 0 : (cutoffs[i] ?? 0),
    })),
    topPlaces: CONTEST_TOP_PLACES,
    topPlacesPrize: CONTEST_TOP_PLACES_PRIZE,
  };
};
