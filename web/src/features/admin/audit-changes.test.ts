import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/format";
import { auditChanges, fieldLabel } from "./audit-changes";

describe("auditChanges", () => {
  it("reads an edit as each changed field's name with its value before and after, in words", () => {
    const deadline = Date.UTC(2030, 0, 2, 18, 30);
    expect(
      auditChanges(
        { title: "Old title", deadline: deadline - 3_600_000, credit_cost: 1, is_free_pick: 0, tags: "[]" },
        { title: "New title", deadline, credit_cost: 1, is_free_pick: 1, tags: '["rivalry","week 1"]' },
      ),
    ).toEqual([
      { field: "Title", before: "Old title", after: "New title" },
      { field: "Deadline", before: formatDateTime(deadline - 3_600_000), after: formatDateTime(deadline) },
      { field: "Is free pick", before: "No", after: "Yes" },
      { field: "Tags", before: null, after: "rivalry, week 1" },
    ]);
  });

  it("lists every field of a creation or a deletion, one side empty", () => {
    expect(auditChanges(null, { amount: 25 })).toEqual([{ field: "Amount", before: null, after: "25" }]);
    expect(auditChanges({ status: "pending" }, { status: "fulfilled", note: "CODE-123" })).toEqual([
      { field: "Status", before: "pending", after: "fulfilled" },
      { field: "Note", before: null, after: "CODE-123" },
    ]);
    expect(auditChanges({ active: true }, null)).toEqual([{ field: "Active", before: "Yes", after: null }]);
  });

  it("keeps what is not a set of fields as one value, and nested values as short text", () => {
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges("draft", "published")).toEqual([{ field: "Value", before: "draft", after: "published" }]);
    expect(auditChanges(null, { rule: { sideA: "home" } })).toEqual([
      { field: "Rule", before: null, after: '{"sideA":"home"}' },
    ]);
  });

  it("names snake_case and camelCase fields alike", () => {
    expect(["answer_option_a", "settlementVersion", "proposedOutcome"].map(fieldLabel)).toEqual([
      "Answer option a",
      "Settlement version",
      "Proposed outcome",
    ]);
  });
});
