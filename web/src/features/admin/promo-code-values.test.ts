import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import type { AdminPromoCode } from "./admin-api";
import {
  emptyPromoCodeForm,
  endOfDay,
  formFromPromoCode,
  promoCodeErrors,
  promoCodeState,
  toCreateInput,
  toDateInput,
  toPatch,
  usesText,
} from "./promo-code-values";

const code = (overrides: Partial<AdminPromoCode> = {}): AdminPromoCode => ({
  code: "SPRING5",
  credits: 5,
  active: true,
  expiresAt: null,
  maxRedemptions: null,
  redemptionCount: 0,
  createdAt: 1,
  updatedAt: 1,
  ...overrides,
});

describe("admin promo code form values", () => {
  it("sends blanks as none, an expiry date as the end of that local day, and badly typed numbers as typed", () => {
    expect(toCreateInput({ ...emptyPromoCodeForm(), code: "SPRING5", credits: " 25 " })).toEqual({
      code: "SPRING5",
      credits: 25,
      active: true,
      expiresAt: null,
      maxRedemptions: null,
    });
    const sent = toCreateInput({
      code: "X",
      credits: "2.5",
      expiry: "2030-03-09",
      maxRedemptions: "lots",
      active: false,
    });
    expect(sent).toMatchObject({ credits: 2.5, maxRedemptions: "lots", active: false });
    expect(sent.expiresAt).toBe(new Date(2030, 2, 10).getTime() - 1);
    expect(toDateInput(sent.expiresAt)).toBe("2030-03-09");
    expect(endOfDay("")).toBeNull();
  });

  it("edits send only the fields that changed, and clearing a field removes its limit", () => {
    const before = formFromPromoCode(code({ expiresAt: new Date(2030, 0, 1, 12).getTime(), maxRedemptions: 10 }));
    expect(before).toMatchObject({ credits: "5", expiry: "2030-01-01", maxRedemptions: "10" });
    expect(toPatch(before, before)).toEqual({});
    expect(toPatch(before, { ...before, credits: "7", maxRedemptions: "" })).toEqual({
      credits: 7,
      maxRedemptions: null,
    });
    expect(toPatch(before, { ...before, expiry: "", active: false })).toEqual({ expiresAt: null, active: false });
  });

  it("puts the API's refusal beside the field it names, a duplicate beside the code", () => {
    expect(promoCodeErrors(new ApiError(409, "duplicate", "This promo code already exists"))).toEqual({
      code: "This promo code already exists",
    });
    expect(
      promoCodeErrors(new ApiError(400, "validation_failed", "Credits must be at least 1", { field: "credits" })),
    ).toEqual({ credits: "Credits must be at least 1" });
    expect(
      promoCodeErrors(
        new ApiError(400, "validation_failed", "Expiry must be a time in milliseconds", { field: "expiresAt" }),
      ),
    ).toEqual({
      expiry: "Expiry must be a time in milliseconds",
    });
    expect(promoCodeErrors(new ApiError(404, "not_found", "Promo code not found"))).toEqual({
      form: "Promo code not found",
    });
    expect(promoCodeErrors(new Error("boom"))).toEqual({ form: "Operation failed" });
  });

  it("shows what a player would meet, in the server's order", () => {
    expect(promoCodeState(code(), 100)).toBe("Active");
    expect(promoCodeState(code({ active: false, expiresAt: 50 }), 100)).toBe("Inactive");
    expect(promoCodeState(code({ expiresAt: 100, maxRedemptions: 1, redemptionCount: 1 }), 100)).toBe("Expired");
    expect(promoCodeState(code({ maxRedemptions: 3, redemptionCount: 3 }), 100)).toBe("Used up");
    expect(usesText(code({ redemptionCount: 2, maxRedemptions: 3 }))).toBe("2 / 3");
    expect(usesText(code({ redemptionCount: 2 }))).toBe("2 / no limit");
  });
});
