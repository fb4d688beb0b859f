import { sumFields } from "../lib/sum-fields";
import { advanceLeaderboardWindows } from "../features/leaderboard/leaderboard-windows";
import { mergeBoards } from "../features/leaderboard/merge-boards";
import type { DataContext } from "../db/data-context";

/**
 * Keeps the 3- and 7-day boards of every player database to their windows (an hour drops out within a minute of
 * leaving), then merges their boards into the catalogue's when there are several.
 */
export const advanceLeaderboards = async (data: DataContext, now: number) => {
  const windows = await Promise.all(data.players().map(({ db }) => advanceLeaderboardWindows(db, now)));
  return { ...sumFields({ advanced: 0, prunedHours: 0 }, windows), ...(await mergeBoards(data)) };
};
