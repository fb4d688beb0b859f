import { describe, expect, it } from "vitest";
import { NODE_MADE_PASSWORD } from "#shared/password-format.fixture";
import { PASSWORD_HASH_BYTES, PASSWORD_ITERATIONS, PASSWORD_SALT_BYTES } from "#shared/password-format";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("stores PBKDF2-SHA-256 at 100,000 iterations with a fresh 16-byte salt", async () => {
    const first = await hashPassword("password123");
    const second = await hashPassword("password123");
    expect(first.iterations).toBe(PASSWORD_ITERATIONS);
    expect(PASSWORD_ITERATIONS).toBe(100_000);
    expect(atob(first.salt)).toHaveLength(PASSWORD_SALT_BYTES);
    expect(atob(first.hash)).toHaveLength(PASSWORD_HASH_BYTES);
    expect(first.salt).not.toBe(second.salt);
    expect(first.hash).not.toBe(second.hash);
  });

  it("verifies its own hashes and refuses other passwords", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
  });

  it("verifies a hash made by the Node seed helper (node:crypto)", async () => {
    const { password, stored } = NODE_MADE_PASSWORD;
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword("password124", stored)).toBe(false);
  });

  it("honours the stored iteration count", async () => {
    const stored = await hashPassword("pw-123456");
    expect(await verifyPassword("pw-123456", { ...stored, iterations: 99_999 })).toBe(false);
  });

  it("burns a check for unknown accounts and never succeeds", async () => {
    expect(await burnPasswordCheck("anything")).toBe(false);
  });
});
