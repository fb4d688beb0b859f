import { describe, expect, it } from "vitest";
import { isClaimSuppressed } from "./claim-timing";

describe("claim modal suppression", () => {
  const now = 1_800_000_000_000;
  it("is suppressed within 24 h of a dismissal and shown again after", () => {
    expect(isClaimSuppressed(String(now - 60_000), now)).toBe(true);
    expect(isClaimSuppressed(String(now - 24 * 3600_000 + 1), now)).toBe(true);
    expect(isClaimSuppressed(String(now - 24 * 3600_000), now)).toBe(false);
  });
  it("is not suppressed without a valid dismissal", () => {
    expect(isClaimSuppressed(null, now)).toBe(false);
    expect(isClaimSuppressed("garbage", now)).toBe(false);
  });
});
