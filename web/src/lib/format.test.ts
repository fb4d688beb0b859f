import { describe, expect, it } from "vitest";
import {
  formatCompactCount,
  formatCount,
  formatCredits,
  formatMoney,
  formatMoneyMinor,
  formatPlural,
  formatWinRate,
  minorDigits,
} from "./format";

describe("format", () => {
  it("writes counts with separators and words in the right number", () => {
    expect(formatCount(1035)).toBe("1,035");
    expect(formatCredits(1)).toBe("1 credit");
    expect(formatCredits(0)).toBe("0 credits");
    expect(formatCredits(1035)).toBe("1,035 credits");
    expect(formatPlural(1, "pick")).toBe("1 pick");
    expect(formatPlural(12, "pick")).toBe("12 picks");
  });

  it("writes large counts compactly, never larger than they are", () => {
    expect(formatCompactCount(4257)).toBe("4,257");
    expect(formatCompactCount(9999)).toBe("9,999");
    expect(formatCompactCount(10_000)).toBe("10K");
    expect(formatCompactCount(12_345)).toBe("12.3K");
    expect(formatCompactCount(99_999)).toBe("99.9K");
    expect(formatCompactCount(999_999)).toBe("999K");
    expect(formatCompactCount(12_000_000)).toBe("12M");
    expect(formatCompactCount(1_250_000_000)).toBe("1.2B");
    expect(formatCompactCount(-25_500)).toBe("-25.5K");
  });

  it("writes counts and words exactly as Intl does for en-US", () => {
    const intlCount = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    const intlPlural = new Intl.PluralRules("en-US");
    const values = [
      0,
      -0,
      1,
      -1,
      2,
      0.4,
      -0.4,
      0.5,
      1.5,
      -2.5,
      999,
      1000,
      -1000,
      12_345.5,
      999_999.5,
      1_234_567,
      2 ** 53,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ];
    for (const value of values) expect(formatCount(value), String(value)).toBe(intlCount.format(value));
    for (const value of [0, 1, -1, 2, 0.5, 1.5, 10, 1035]) {
      expect(formatPlural(value, "pick"), String(value)).toBe(
        `${intlCount.format(value)} ${intlPlural.select(value) === "one" ? "pick" : "picks"}`,
      );
    }
  });

  it("writes money in each currency's own style and minor units", () => {
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("USD")).toBe(2);
    expect(formatMoneyMinor(11988000, "JPY")).toBe("¥11,988,000");
    expect(formatMoneyMinor(107892, "CAD")).toBe("CA$1,078.92");
    expect(formatMoneyMinor(9500, "USD")).toBe("$95.00");
    expect(formatMoney(80.75, "EUR")).toBe("€80.75");
  });
});

describe("formatWinRate", () => {
  it("shows a dash before any pick is won or lost, and the rate after", () => {
    expect(formatWinRate(null)).toBe("-");
    expect(formatWinRate(0)).toBe("0%");
    expect(formatWinRate(66.7)).toBe("66.7%");
  });
});

describe("shared money", () => {
  it("groups digits in every currency the purchase form offers", async () => {
    const { formatMoney } = await import("#shared/pricing");
    expect(formatMoney(11988000, "JPY")).toBe("¥11,988,000");
    expect(formatMoney(107892, "CAD")).toBe("C$1,078.92");
    expect(formatMoney(9500, "USD")).toBe("$95.00");
  });
});
