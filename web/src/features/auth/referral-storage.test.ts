import { beforeEach, describe, expect, it } from "vitest";
import { markReferralProcessed, pendingReferralCode, rememberReferralCode } from "./referral-storage";

const store = new Map<string, string>();
globalThis.localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
};

describe("pending referral code", () => {
  beforeEach(() => store.clear());

  it("never stores or returns LOADING", () => {
    rememberReferralCode("LOADING");
    expect(pendingReferralCode()).toBeUndefined();
    expect(pendingReferralCode("loading")).toBeUndefined();
  });

  it("prefers the URL, falls back to the stored code, and forgets it once processed", () => {
    rememberReferralCode("abc123");
    expect(pendingReferralCode()).toBe("ABC123");
    expect(pendingReferralCode("zzz999")).toBe("ZZZ999");
    markReferralProcessed("user-1");
    expect(pendingReferralCode()).toBeUndefined();
    expect(store.get("referral-processed:user-1")).toBe("1");
  });
});
