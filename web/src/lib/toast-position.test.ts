import { describe, expect, it } from "vitest";
import { toastPosition } from "./toast-position";

describe("toastPosition", () => {
  it("keeps toasts off the header's credits and streak pills on a phone", () => {
    expect(toastPosition({ mobile: true, dialogOpen: false })).toBe("bottom-center");
  });

  it("moves them under the header while a bottom sheet holds the bottom of a phone", () => {
    expect(toastPosition({ mobile: true, dialogOpen: true })).toBe("top-center");
  });

  it("puts them bottom right on larger screens, dialog or not", () => {
    expect(toastPosition({ mobile: false, dialogOpen: false })).toBe("bottom-right");
    expect(toastPosition({ mobile: false, dialogOpen: true })).toBe("bottom-right");
  });
});
