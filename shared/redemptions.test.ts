import { describe, expect, it } from "vitest";
import {
  cashOutDestination,
  formatUsd,
  isCashOutEmail,
  isConfirmableEmail,
  payoutHandleProblem,
  redemptionValueCents,
  REDEMPTION_ERRORS as E,
} from "./redemptions";

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
    expect(["@sam", "@", "sam", " @ "].map((h) => payoutHandleProblem("venmo", h))).toEqual([
      null,
      E.venmoEmpty,
      E.venmo,
      E.venmoEmpty,
    ]);
    expect(["$sam", "$", "sam"].map((h) => payoutHandleProblem("cashapp", h))).toEqual([
      null,
      E.cashTagEmpty,
      E.cashTag,
    ]);
    expect(payoutHandleProblem("visa", "")).toBeNull();
    expect(E.venmoEmpty.message).toBe("Add your Venmo username after the @, for example @jane-doe");
  });

  it("values credits in whole cents at $0.60 each", () => {
    expect(redemptionValueCents(10, 0.6)).toBe(600);
    expect(redemptionValueCents(333, 0.6)).toBe(19980);
    expect(formatUsd(19980)).toBe("$199.80");
    expect(formatUsd(660)).toBe("$6.60");
    expect(formatUsd(107892)).toBe("$1,078.92");
  });

  it("says where a cash-out's money goes", () => {
    expect(cashOutDestination("venmo", " @sam ", "a@b.co")).toBe(
      "Your Venmo payment to @sam is being processed; it usually takes 1 business day.",
    );
    expect(cashOutDestination("cashapp", "$sam", "a@b.co")).toBe(
      "Your Cash App payment to $sam is being processed; it usually takes 1 business day.",
    );
    expect(cashOutDestination("visa", "", "a@b.co")).toBe(
      "Your Visa prepaid card will be emailed to a@b.co; it usually takes 1 business day.",
    );
  });
});
