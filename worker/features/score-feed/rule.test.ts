import { describe, expect, it } from "vitest";
import { outcomeFrom, type FeedResult } from "./rule";

const final = (homeScore: number, awayScore: number): FeedResult => ({ eventStatus: "final", homeScore, awayScore });

describe("outcomeFrom", () => {
  it("gives a winner question the option of the side that won, and void on a draw", () => {
    expect(outcomeFrom(final(3, 1), { sideA: "home", line: null }, "standard")).toBe("A");
    expect(outcomeFrom(final(3, 1), { sideA: "away", line: null }, "custom")).toBe("B");
    expect(outcomeFrom(final(0, 2), { sideA: "away", line: null }, "standard")).toBe("A");
    expect(outcomeFrom(final(1, 1), { sideA: "home", line: null }, "standard")).toBe("void");
  });

  it("reads the total against the line: over above, under below, void on a whole line hit", () => {
    const rule = (line: number) => ({ sideA: null, line });
    expect(outcomeFrom(final(3, 1), rule(2.5), "over_under")).toBe("over");
    expect(outcomeFrom(final(1, 1), rule(2.5), "over_under")).toBe("under");
    expect(outcomeFrom(final(2, 2), rule(4), "over_under")).toBe("void");
    expect(outcomeFrom(final(0, 0), rule(0), "over_under")).toBe("void");
  });

  it("voids postponed and cancelled events whatever the rule", () => {
    for (const eventStatus of ["postponed", "cancelled"] as const) {
      expect(
        outcomeFrom({ eventStatus, homeScore: null, awayScore: null }, { sideA: "home", line: null }, "standard"),
      ).toBe("void");
      expect(outcomeFrom({ eventStatus, homeScore: 1, awayScore: 0 }, { sideA: null, line: 2.5 }, "over_under")).toBe(
        "void",
      );
    }
  });

  it("has no outcome before the event is final, or when the rule no longer fits the question's type", () => {
    expect(
      outcomeFrom({ eventStatus: "live", homeScore: 2, awayScore: 0 }, { sideA: "home", line: null }, "standard"),
    ).toBeNull();
    expect(
      outcomeFrom(
        { eventStatus: "scheduled", homeScore: null, awayScore: null },
        { sideA: null, line: 2.5 },
        "over_under",
      ),
    ).toBeNull();
    expect(outcomeFrom(final(2, 0), { sideA: "home", line: null }, "over_under")).toBeNull();
    expect(outcomeFrom(final(2, 0), { sideA: null, line: 2.5 }, "standard")).toBeNull();
  });
});
