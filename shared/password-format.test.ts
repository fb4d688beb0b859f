import { describe, expect, it } from "vitest";
import { hashPassword } from "../scripts/lib/password";
import { NODE_MADE_PASSWORD } from "./password-format.fixture";
import { PASSWORD_HASH_BYTES, PASSWORD_ITERATIONS, PASSWORD_SALT_BYTES } from "./password-format";

describe("the Node password helper", () => {
  it("reproduces the fixture the worker verifies", () => {
    const { password, stored } = NODE_MADE_PASSWORD;
    expect(hashPassword(password, Buffer.from(stored.salt, "base64"))).toEqual(stored);
  });

  it("uses a fresh 16-byte salt and the shared parameters", () => {
    const first = hashPassword("password123");
    const second = hashPassword("password123");
    expect(first.salt).not.toBe(second.salt);
    expect(Buffer.from(first.salt, "base64")).toHaveLength(PASSWORD_SALT_BYTES);
    expect(Buffer.from(first.hash, "base64")).toHaveLength(PASSWORD_HASH_BYTES);
    expect(first.iterations).toBe(PASSWORD_ITERATIONS);
  });
});
