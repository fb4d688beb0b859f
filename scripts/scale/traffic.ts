/** A day of a million players: a diurnal curve with a sharp peak when the evening games start. */
export type Hour = { hour: number; activePlayers: number };

export const PLAYERS = 1_000_000;
const DAILY_ACTIVE_SHARE = 0.3;
const PEAK_CONCURRENT_SHARE = 0.12;

/** Share of the day's peak concurrency at each UTC hour (players are worldwide, so no hour is empty). */
const CURVE = [
  0.35, 0.3, 0.25, 0.22, 0.2, 0.22, 0.28, 0.35, 0.42, 0.48, 0.52, 0.55, 0.58, 0.6, 0.62, 0.66, 0.72, 0.8, 0.9, 1, 0.95,
  0.8, 0.6, 0.45,
];

export const dayOfTraffic = (players = PLAYERS): Hour[] =>
  CURVE.map((share, hour) => ({
    hour,
    activePlayers: Math.round(players * DAILY_ACTIVE_SHARE * PEAK_CONCURRENT_SHARE * share * 4),
  }));

/** What one active player does per minute, on average, at peak interest. */
export const PER_PLAYER_PER_MINUTE = {
  feedReads: 2,
  picks: 0.25,
  otherReads: 1,
  otherWrites: 0.02,
};

/** Settlement: every pick is settled once (more when an outcome is corrected), within minutes of the game ending. */
export const SETTLEMENT_WINDOW_MINUTES = 10;
export const PICKS_PER_SETTLEMENT_BATCH = 50;
