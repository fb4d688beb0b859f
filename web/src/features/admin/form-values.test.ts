import { describe, expect, it } from "vitest";
import { changedFields, emptyForm, parseTags, togglePlayerProps, validateForm } from "./form-values";

describe("admin question form rules", () => {
  it("switches default labels to Over/Under when marking a player prop, and keeps tags unique", () => {
    const on = togglePlayerProps(emptyForm(), true);
    expect(on).toMatchObject({ answerOptionA: "Over", answerOptionB: "Under", tags: ["player_props"] });
    expect(togglePlayerProps(on, true).tags).toEqual(["player_props"]);
    const custom = togglePlayerProps({ ...emptyForm(), answerOptionA: "Lakers", answerOptionB: "Celtics" }, true);
    expect(custom).toMatchObject({ answerOptionA: "Lakers", answerOptionB: "Celtics" });
    expect(parseTags(" a, b ,a,, c ")).toEqual(["a", "b", "c"]);
  });

  it("sends only changed fields and validates with the product's messages", () => {
    const before = emptyForm();
    expect(changedFields(before, { ...before, title: "New" })).toEqual({ title: "New" });
    expect(validateForm({ ...before, title: " " })).toEqual({ field: "title", message: "Title is required" });
    expect(validateForm({ ...before, title: "x", deadline: 0 })).toEqual({
      field: "deadline",
      message: "Deadline is required",
    });
    expect(validateForm({ ...before, title: "x", creditCost: -1 })).toEqual({
      field: "creditCost",
      message: "Credit cost must be 0 or more",
    });
    expect(validateForm({ ...before, title: "x" })).toBeNull();
  });
});
