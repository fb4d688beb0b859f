import { describe, expect, it } from "vitest";
import { removedPickNotice, streakCorrectionNotice } from "./live-notices";

describe("streakCorrectionNotice", () => {
  it("ends with the title's own question mark, not a second mark after it", () => {
    const notice = streakCorrectionNotice({
      questionId: "q1",
      questionTitle: "Will the Lakers win (edited)?",
      reason: "Scored after the buzzer",
      streakBefore: 3,
      streakAfter: 0,
    });
    expect(notice).toEqual({
      title: "Your streak went from 3 to 0",
      description: "A result was corrected: Will the Lakers win (edited)? Reason: Scored after the buzzer.",
    });
  });

  it("adds the full stop a title or reason without one needs, and says when the streak stayed", () => {
    const notice = streakCorrectionNotice({
      questionId: "q1",
      questionTitle: null,
      reason: "Wrong team.",
      streakBefore: 2,
      streakAfter: 2,
    });
    expect(notice).toEqual({
      title: "Your streak stays at 2",
      description: "A result was corrected: a question you picked. Reason: Wrong team.",
    });
  });
});

describe("removedPickNotice", () => {
  it("says which question was removed and what came back", () => {
    expect(removedPickNotice({ questionId: "q1", questionTitle: "Will it rain?", refunded: 3 })).toEqual({
      title: "Will it rain? was removed",
      description: "3 credits refunded",
    });
    expect(removedPickNotice({ questionId: "q1", questionTitle: "Derby", refunded: 1 }).description).toBe(
      "1 credit refunded",
    );
  });
});
