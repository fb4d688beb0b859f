import { describe, expect, it } from "vitest";
import { newReferralCode } from "./referral-code";
import { isCleanUsername, randomUsername, USERNAME_ADJECTIVES, USERNAME_NOUNS, USERNAME_PATTERN } from "./username";

describe("random usernames", () => {
  it("are adjective + noun + digits and always valid", () => {
    for (let i = 0; i < 200; i++) {
      const name = randomUsername();
      expect(name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/);
      expect(name).toMatch(USERNAME_PATTERN);
    }
  });

  it("never trip the profanity check", () => {
    for (const adjective of USERNAME_ADJECTIVES) {
      for (const noun of USERNAME_NOUNS) expect(isCleanUsername(`${adjective}${noun}1234`)).toBe(true);
    }
  });
});

describe("referral codes", () => {
  it("are 8 characters without look-alikes and practically unique", () => {
    const codes = Array.from({ length: 2000 }, newReferralCode);
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
