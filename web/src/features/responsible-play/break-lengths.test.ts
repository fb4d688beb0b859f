import { describe, expect, it } from "vitest";
import { breakQuestion } from "./break-lengths";

describe("breakQuestion", () => {
  it("names the break the way a sentence says it", () => {
    expect(breakQuestion("24h")).toBe("Take a 24-hour break?");
    expect(breakQuestion("7d")).toBe("Take a 7-day break?");
    expect(breakQuestion("30d")).toBe("Take a 30-day break?");
  });
});
