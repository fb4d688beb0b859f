import { describe, expect, it } from "vitest";
import { paidPlaces, prizeFor, tierCutoffs } from "./contest-prizes";

const prizes = (entrants: number) => Array.from({ length: entrants }, (_, i) => prizeFor(i + 1, entrants));

describe("contest prizes", () => {
  it("pays one player the top tier and the top-10 prize", () => {
    expect(tierCutoffs(1)).toEqual([1, 1, 1]);
    expect(prizes(1)).toEqual([600]);
  });

  it("gives every tier a player of its own in small contests", () => {
    expect(tierCutoffs(7)).toEqual([1, 2, 3]);
    expect(prizes(7)).toEqual([600, 300, 150, 100, 100, 100, 100]);
    expect(prizes(10)).toEqual([600, 300, 150, 100, 100, 100, 100, 100, 100, 100]);
    expect(prizes(2)).toEqual([600, 300]);
  });

  it("pays 20 players: tiers to places 1, 2 and 3, then the top 10", () => {
    expect(tierCutoffs(20)).toEqual([1, 2, 3]);
    expect(prizes(20)).toEqual([600, 300, 150, ...Array(7).fill(100), ...Array(10).fill(0)]);
    expect(paidPlaces(20)).toBe(10);
  });

  it("pays 100 players by percentage: top 1% 500, top 5% 200, top 15% 50, plus 100 to places 1 to 10", () => {
    expect(tierCutoffs(100)).toEqual([1, 5, 15]);
    expect(prizes(100)).toEqual([
      600,
      300,
      300,
      300,
      300,
      150,
      150,
      150,
      150,
      150,
      50,
      50,
      50,
      50,
      50,
      ...Array(85).fill(0),
    ]);
    expect(paidPlaces(100)).toBe(15);
  });

  it("pays nobody when nobody joined, and nothing outside the field", () => {
    expect(paidPlaces(0)).toBe(0);
    expect(prizeFor(1, 0)).toBe(0);
    expect(prizeFor(8, 7)).toBe(0);
  });
});
