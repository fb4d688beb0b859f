import { describe, expect, it } from "vitest";
import { countCrowdPick, countPick, crowdSplit } from "./crowd-split";

describe("the crowd's split", () => {
  it("reads as shares of each option and the count", () => {
    expect(crowdSplit({ yes: 3, no: 1 }, { answerOptionA: "Yes", answerOptionB: "No" })).toBe(
      "75% Yes · 25% No · 4 picks",
    );
  });

  it("counts another player's pick live, growing a visible split and never revealing a hidden one", () => {
    expect(countPick({ pickCount: 4, crowd: { yes: 3, no: 1 } }, "no")).toEqual({
      pickCount: 5,
      crowd: { yes: 3, no: 2 },
    });
    expect(countPick({ pickCount: 4, crowd: null }, "yes")).toEqual({ pickCount: 5, crowd: null });
    expect(countCrowdPick({ crowd: { yes: 0, no: 0 } }, "yes")).toEqual({ crowd: { yes: 1, no: 0 } });
  });
});
