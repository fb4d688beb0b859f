import { describe, expect, it } from "vitest";
import { TOAST_BOTTOM_OFFSET, toastBottomOffset, toastPosition } from "./toast-position";

describe("toastPosition", () => {
  it("puts every toast on a phone at the bottom, sheet or not, and bottom right on larger screens", () => {
    expect(toastPosition({ mobile: true })).toBe("bottom-center");
    expect(toastPosition({ mobile: false })).toBe("bottom-right");
  });
});

describe("toastBottomOffset", () => {
  it("lifts a phone's toasts above an open bottom sheet, so they never cover its fields or their errors", () => {
    expect(toastBottomOffset({ mobile: true, sheetHeight: 250 })).toBe("258px");
  });

  it("keeps them above the bottom bar or the footer otherwise", () => {
    expect(toastBottomOffset({ mobile: true, sheetHeight: 0 })).toBe(TOAST_BOTTOM_OFFSET);
    // A larger screen's dialog is centred, and its toasts stay bottom right.
    expect(toastBottomOffset({ mobile: false, sheetHeight: 400 })).toBe(TOAST_BOTTOM_OFFSET);
  });
});
