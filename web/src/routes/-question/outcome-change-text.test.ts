import { describe, expect, it } from "vitest";
import { outcomeChangeText } from "./outcome-change-text";

const options = { answerOptionA: "Lakers", answerOptionB: "Celtics" };

describe("a settlement history line", () => {
  it("names the first result, each correction and a withdrawn result in the question's own words", () => {
    expect(outcomeChangeText({ previousOutcome: "unresolved", outcome: "A" }, options)).toBe("Settled: Lakers");
    expect(outcomeChangeText({ previousOutcome: "A", outcome: "B" }, options)).toBe("Corrected: Lakers to Celtics");
    expect(outcomeChangeText({ previousOutcome: "B", outcome: "void" }, options)).toBe("Corrected: Celtics to Void");
    expect(outcomeChangeText({ previousOutcome: "over", outcome: "unresolved" }, options)).toBe(
      "Result withdrawn: Over no longer stands",
    );
  });
});
