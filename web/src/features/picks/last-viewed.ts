import { readStoredTime, storeTime } from "../../lib/stored-time";
import type { MyPickRow } from "./picks-queries";

const key = (userId: string) => `picks_last_viewed:${userId}`;

export const readLastViewed = (userId: string) => readStoredTime(key(userId));

/** Without storage the badge simply stays until storage works again. */
export const markPicksViewed = (userId: string, now = Date.now()) => storeTime(key(userId), now);

/** Picks settled (won, lost or void) since My Picks was last opened; zero if it never was. */
export const unresolvedBadgeCount = (picks: MyPickRow[], lastViewed: number | null) =>
  lastViewed === null ? 0 : picks.filter((p) => p.status !== "active" && p.updatedAt > lastViewed).length;
