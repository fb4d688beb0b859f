import { describe, expect, it } from "vitest";
import { formatCountdown } from "./countdown";

describe("countdown", () => {
  const now = 1_000_000;
  it.each([
    [2 * 86_400_000 + 4 * 3_600_000 + 13 * 60_000, "2d 4h 13m"],
    [4 * 3_600_000 + 13 * 60_000 + 9_000, "4h 13m 9s"],
    [13 * 60_000 + 9_000, "13m 9s"],
    [9_000, "9s"],
    [999, "0s"],
    [0, "Expired"],
    [-5_000, "Expired"],
  ])("shows %i ms left as %s", (left, text) => {
    expect(formatCountdown(now + left, now)).toBe(text);
  });
});
