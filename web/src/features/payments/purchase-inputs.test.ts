import { describe, expect, it } from "vitest";
import {
  amountForCredits,
  canPurchase,
  creditsForTypedAmount,
  settledCredits,
  typedAmount,
  typedCredits,
} from "./purchase-inputs";

describe("the credits field", () => {
  it("keeps digits only, caps at 999 and allows empty", () => {
    expect(typedCredits("12a3")).toBe("123");
    expect(typedCredits("1500")).toBe("999");
    expect(typedCredits("")).toBe("");
    expect(typedCredits("-7.5")).toBe("75");
  });

  it("turns 1 to 4 into 5 for a one-time purchase when left, and leaves a subscription's count alone", () => {
    expect(["1", "2", "3", "4"].map((value) => settledCredits(value, "payment"))).toEqual(["5", "5", "5", "5"]);
    expect(settledCredits("0", "payment")).toBe("0");
    expect(settledCredits("", "payment")).toBe("");
    expect(settledCredits("3", "subscription")).toBe("3");
  });

  it("enables buying from 5 (one-time) or 1 (subscription) to 999", () => {
    expect(canPurchase("4", "payment")).toBe(false);
    expect(canPurchase("5", "payment")).toBe(true);
    expect(canPurchase("0", "subscription")).toBe(false);
    expect(canPurchase("1", "subscription")).toBe(true);
    expect(canPurchase("", "subscription")).toBe(false);
  });
});

describe("the amount field", () => {
  it("accepts digits and one dot with two decimals, and ignores values over 99999", () => {
    expect(typedAmount("12.34", "12.3")).toBe("12.34");
    expect(typedAmount("12.345", "12.34")).toBe("12.34");
    expect(typedAmount("1.2.3", "1.2")).toBe("1.2");
    expect(typedAmount("12a", "12")).toBe("12");
    expect(typedAmount("100000", "10000")).toBe("10000");
    expect(typedAmount("99999", "9999")).toBe("99999");
    expect(typedAmount(".", "")).toBe(".");
  });

  it("buys the most credits whose price fits, across the tier drop at 100", () => {
    expect(creditsForTypedAmount("99", "payment", "USD", 1)).toBe("104");
    expect(creditsForTypedAmount("94.99", "payment", "USD", 1)).toBe("94");
    expect(creditsForTypedAmount("95", "payment", "USD", 1)).toBe("100");
    expect(creditsForTypedAmount("4.99", "payment", "USD", 1)).toBe("");
    expect(creditsForTypedAmount("5000", "payment", "USD", 1)).toBe("999");
    expect(creditsForTypedAmount("80.75", "payment", "EUR", 0.85)).toBe("100");
    expect(creditsForTypedAmount("1500", "payment", "JPY", 150)).toBe("10");
    expect(creditsForTypedAmount("0.80", "subscription", "USD", 1)).toBe("1");
  });

  it("shows a count's price in the chosen currency", () => {
    expect(amountForCredits("100", "payment", "USD", 1)).toBe("95.00");
    expect(amountForCredits("100", "subscription", "EUR", 0.85)).toBe("64.60");
    expect(amountForCredits("999", "payment", "JPY", 150)).toBe("119880");
    expect(amountForCredits("", "payment", "USD", 1)).toBe("");
  });
});
