import { describe, expect, it } from "vitest";
import { currentStreak, pickResult } from "./streak";

describe("streak", () => {
  it("judges each outcome for each choice", () => {
    expect(pickResult({ choice: "yes", outcome: "A" })).toBe("won");
    expect(pickResult({ choice: "yes", outcome: "over" })).toBe("won");
    expect(pickResult({ choice: "no", outcome: "B" })).toBe("won");
    expect(pickResult({ choice: "no", outcome: "under" })).toBe("won");
    expect(pickResult({ choice: "yes", outcome: "B" })).toBe("lost");
    expect(pickResult({ choice: "no", outcome: "over" })).toBe("lost");
    expect(pickResult({ choice: "no", outcome: "void" })).toBe("void");
  });

  it("counts wins from the newest until the first loss, skipping voids", () => {
    const win = { choice: "yes", outcome: "A" } as const;
    const loss = { choice: "yes", outcome: "B" } as const;
    const voided = { choice: "no", outcome: "void" } as const;
    expect(currentStreak([])).toBe(0);
    expect(currentStreak([loss, win, win])).toBe(0);
    expect(currentStreak([win, win, loss, win])).toBe(2);
    expect(currentStreak([win, voided, win, voided, loss, win])).toBe(2);
    expect(currentStreak([voided, voided])).toBe(0);
  });
});
