import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { pickFailureNotice } from "./pick-failure";

describe("pickFailureNotice", () => {
  it("titles a spending limit's refusal, with the limit it would break", () => {
    const refusal = new ApiError(422, "rule_violation", "This would go over your daily limit of 1 credit on picks", {
      field: "limit",
    });
    expect(pickFailureNotice(refusal)).toEqual({
      title: "Limit Reached",
      description: "This would go over your daily limit of 1 credit on picks",
    });
  });

  it("keeps the spec's words for a duplicate, a shortfall and anything else", () => {
    expect(pickFailureNotice(new ApiError(409, "duplicate", "x", { isDuplicate: true })).title).toBe(
      "Pick Already Submitted",
    );
    expect(pickFailureNotice(new ApiError(402, "insufficient_credits", "x"))).toEqual({
      title: "Insufficient credits to submit pick",
    });
    expect(pickFailureNotice(new ApiError(500, "internal", "Something went wrong"))).toEqual({
      title: "Error",
      description: "Something went wrong",
    });
    expect(pickFailureNotice(new Error("boom"))).toEqual({ title: "Error", description: "Failed to submit pick" });
  });
});
