import { describe, expect, it } from "vitest";
import { unresolvedBadgeCount } from "./last-viewed";
import type { MyPickRow } from "./picks-queries";

const pick = (status: MyPickRow["status"], updatedAt: number) => ({ status, updatedAt }) as MyPickRow;

describe("unresolved badge", () => {
  it("counts picks settled after the last visit, and nothing before a first visit", () => {
    const picks = [pick("won", 200), pick("lost", 50), pick("active", 300), pick("void", 250)];
    expect(unresolvedBadgeCount(picks, 100)).toBe(2);
    expect(unresolvedBadgeCount(picks, null)).toBe(0);
  });
});
