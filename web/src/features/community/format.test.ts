import { describe, expect, it } from "vitest";
import { rankLabel, timeAgo } from "./format";

describe("community formats", () => {
  it("says how long ago something happened", () => {
    const now = Date.UTC(2026, 2, 10, 12);
    expect(timeAgo(now - 5_000, now)).toBe("just now");
    expect(timeAgo(now - 5 * 60_000, now)).toBe("5m ago");
    expect(timeAgo(now - 3 * 3_600_000, now)).toBe("3h ago");
    expect(timeAgo(now - 2 * 86_400_000, now)).toBe("2d ago");
    expect(timeAgo(Date.UTC(2026, 1, 1, 12), now)).toBe("Feb 1");
  });

  it("labels a rank, an unranked player and the not-found rank", () => {
    expect(rankLabel({ unranked: false, rank: 3, totalUsers: 120 })).toBe("#3 of 120");
    expect(rankLabel({ unranked: true, rank: null, totalUsers: 120 })).toBe("Unranked");
    expect(rankLabel({ unranked: false, rank: 999, totalUsers: 120 })).toBe("#999");
  });
});
