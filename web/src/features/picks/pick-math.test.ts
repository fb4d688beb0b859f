import { describe, expect, it } from "vitest";
import { cheerfulMessage, pickCost, potentialPayout, shortfall, takesPicks } from "./pick-math";

describe("pick math", () => {
  it("multiplies paid picks and fixes free ones", () => {
    expect(pickCost(3, 3)).toBe(9);
    expect(potentialPayout(3, 3)).toBe(18);
    expect(pickCost(0, 5)).toBe(0);
    expect(potentialPayout(0, 5)).toBe(2);
  });
  it("reports how many more credits are needed", () => {
    expect(shortfall(5, 9)).toBe(4);
    expect(shortfall(10, 9)).toBe(0);
  });
  it("always picks a message", () => {
    expect(cheerfulMessage(0)).toBeTruthy();
    expect(cheerfulMessage(0.9999)).toBeTruthy();
  });
  it("takes picks only while published, unresolved and before the deadline", () => {
    const open = { status: "published", outcome: "unresolved", deadline: 2_000 };
    expect(takesPicks(open, 1_000)).toBe(true);
    expect(takesPicks(open, 2_000)).toBe(false);
    expect(takesPicks({ ...open, outcome: "A" }, 1_000)).toBe(false);
    expect(takesPicks({ ...open, outcome: "void" }, 1_000)).toBe(false);
    expect(takesPicks({ ...open, status: "resolved" }, 1_000)).toBe(false);
  });
});
