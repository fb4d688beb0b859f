import { describe, expect, it } from "vitest";
import { formatLag } from "./format-lag";

const MINUTE = 60_000;

describe("settlement lag as the dashboard writes it", () => {
  it("names nothing waiting, then minutes, hours and days, rounded down", () => {
    expect(formatLag(null)).toBe("none waiting");
    expect(formatLag(0)).toBe("under a minute");
    expect(formatLag(59_999)).toBe("under a minute");
    expect(formatLag(12 * MINUTE + 59_000)).toBe("12 min");
    expect(formatLag(185 * MINUTE)).toBe("3 h 5 min");
    expect(formatLag((2 * 24 + 4) * 60 * MINUTE + 59 * MINUTE)).toBe("2 d 4 h");
  });
});
