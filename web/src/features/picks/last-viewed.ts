import type { MyPickRow } from "./picks-queries";

const key = (userId: string) => `picks_last_viewed:${userId}`;

export const readLastViewed = (userId: string): number | null => {
  try {
    const value = Number(localStorage.getItem(key(userId)));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
};

export const markPicksViewed = (userId: string, now = Date.now()) => {
  try {
    localStorage.setItem(key(userId), String(now));
  } catch {
    // The badge simply stays until storage works again.
  }
};

/** Picks settled (won, lost or void) since My Picks was last opened; zero if it never was. */
export const unresolvedBadgeCount = (picks: MyPickRow[], lastViewed: number | null) =>
  lastViewed === null ? 0 : picks.filter((p) => p.status !== "active" && p.updatedAt > lastViewed).length;
