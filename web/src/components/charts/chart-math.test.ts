import { describe, expect, it } from "vitest";
import { axisLabel, axisTop, bands, dayLabel, labelledBands, linePath, yOf } from "./chart-math";

const plot = { left: 30, top: 10, width: 300, height: 100 };

describe("chart geometry", () => {
  it("tops an axis at small counts as they are and at a round number above them", () => {
    expect([0, 0.4, 1, 3, 5].map(axisTop)).toEqual([1, 1, 1, 3, 5]);
    expect([6, 10, 11, 19, 21, 99, 101, 480, 501, 12_345].map(axisTop)).toEqual([
      10, 10, 20, 20, 50, 100, 200, 500, 1000, 20_000,
    ]);
  });

  it("writes an axis top short enough for the margin", () => {
    expect([0, 5, 500, 1000, 2000, 50_000, 500_000, 2_000_000].map(axisLabel)).toEqual([
      "0",
      "5",
      "500",
      "1k",
      "2k",
      "50k",
      "500k",
      "2M",
    ]);
  });

  it("centres each band's bar in its share of the width, bars narrower than their band", () => {
    const { centre, barWidth } = bands(plot, 30);
    expect(centre(0)).toBe(35);
    expect(centre(29)).toBe(325);
    expect(barWidth).toBe(7);
    expect(bands(plot, 2).barWidth).toBe(24);
    expect(bands(plot, 1000).barWidth).toBe(1);
  });

  it("puts 0 on the plot's bottom and the axis top on its top", () => {
    const y = yOf(plot, 20);
    expect([y(0), y(10), y(20)]).toEqual([110, 60, 10]);
  });

  it("draws a straight line, or steps that hold each value until the next point", () => {
    const points = [
      { x: 0, y: 50 },
      { x: 10, y: 40 },
      { x: 20, y: 45 },
    ];
    expect(linePath(points)).toBe("M0 50L10 40L20 45");
    expect(linePath(points, true)).toBe("M0 50H10V40H20V45");
    expect(linePath([])).toBe("");
  });

  it("labels the first and last day and a few between, as many as fit", () => {
    expect(labelledBands(30, 300)).toEqual([0, 7, 15, 22, 29]);
    expect(labelledBands(30, 100)).toEqual([0, 29]);
    expect(labelledBands(3, 300)).toEqual([0, 1, 2]);
    expect(labelledBands(1, 300)).toEqual([0]);
  });

  it("writes a day as its short month and day", () => {
    expect(dayLabel("2026-11-09")).toBe("Nov 9");
    expect(dayLabel("2027-01-31")).toBe("Jan 31");
  });
});
