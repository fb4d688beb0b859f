import { describe, expect, it } from "vitest";
import { formatUsd, isCashOutEmail, isCashTag, isConfirmableEmail, isVenmoUsername, redemptionValueCents } from "./redemptions";

describe("redemption rules", () => {
  it("ticks a gift card email with an at-sign and more than 5 characters", () => {
    expect(isConfirmableEmail("a@b.co")).toBe(true);
    expect(isConfirmableEmail("a@b.c")).toBe(false);
    expect(isConfirmableEmail("abcdefg")).toBe(false);
  });

  it("wants an at-sign, a dot and more than 5 characters for a cash-out email", () => {
    expect(isCashOutEmail("sam@example.com")).toBe(true);
    expect(isCashOutEmail("sam@example")).toBe(false);
    expect(isCashOutEmail("a@b.c")).toBe(false);
  });

  it("checks Venmo usernames and Cash App tags by their first character", () => {
    expect([isVenmoUsername("@sam"), isVenmoUsername("@"), isVenmoUsername("sam")]).toEqual([true, false, false]);
    expect([isCashTag("$sam"), isCashTag("$"), isCashTag("sam")]).toEqual([true, false, false]);
  });

  it("values credits in whole cents at $0.60 each", () => {
    expect(redemptionValueCents(10, 0.6)).toBe(600);
    expect(redemptionValueCents(333, 0.6)).toBe(19980);
    expect(formatUsd(19980)).toBe("$199.80");
    expect(formatUsd(660)).toBe("$6.60");
  });
});
