import { describe, expect, it } from "vitest";
import { finalInText, outcomeLabel, scoreText } from "./result-text";

describe("the proposal's words", () => {
  it("counts whole minutes down, then says less than a minute", () => {
    const now = 1_000_000;
    expect(finalInText(now + 28 * 60_000 + 59_000, now)).toBe("Final in 28 min");
    expect(finalInText(now + 60_000, now)).toBe("Final in 1 min");
    expect(finalInText(now + 59_999, now)).toBe("Final in less than a minute");
    expect(finalInText(now - 5_000, now)).toBe("Final in less than a minute");
  });

  it("names the outcome as the question does", () => {
    const options = { answerOptionA: "Arsenal", answerOptionB: "Chelsea" };
    expect(outcomeLabel("A", options)).toBe("Arsenal");
    expect(outcomeLabel("B", options)).toBe("Chelsea");
    expect(outcomeLabel("over", options)).toBe("Over");
    expect(outcomeLabel("void", options)).toBe("Void");
  });

  it("gives the final score home–away, or why there is none", () => {
    expect(scoreText({ eventStatus: "final", homeScore: 3, awayScore: 1 })).toBe("Final score 3–1");
    expect(scoreText({ eventStatus: "postponed", homeScore: null, awayScore: null })).toBe("Event postponed");
    expect(scoreText({ eventStatus: "cancelled", homeScore: null, awayScore: null })).toBe("Event cancelled");
    expect(scoreText({ eventStatus: "scheduled", homeScore: null, awayScore: null })).toBeNull();
  });
});
