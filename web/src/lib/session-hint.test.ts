import { describe, expect, it } from "vitest";
import { mayHaveSession } from "./session-hint";

describe("mayHaveSession", () => {
  it("reads the worker's signed_in cookie among others", () => {
    expect(mayHaveSession("theme=dark; signed_in=1; other=2")).toBe(true);
    expect(mayHaveSession("signed_in=1")).toBe(true);
    expect(mayHaveSession("")).toBe(false);
    expect(mayHaveSession("theme=dark; not_signed_in=1")).toBe(false);
    expect(mayHaveSession("signed_in=")).toBe(false);
  });
});
