import { describe, expect, it } from "vitest";
import { cheerfulMessage, pickCost, potentialPayout, shortfall } from "./pick-math";

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
});
