import { describe, expect, it } from "vitest";
import { oneOf, stringParams } from "./search-params";

describe("search params", () => {
  it("keeps the named keys as strings and drops everything else", () => {
    const parse = stringParams("q", "credits");
    expect(parse({ q: "abc", credits: 100, other: "x", nested: { a: 1 } })).toEqual({ q: "abc", credits: "100" });
    expect(parse({ q: ["a"] })).toEqual({});
  });
  it("falls back for values outside the allowed set", () => {
    expect(oneOf("signup", ["login", "signup"] as const, "login")).toBe("signup");
    expect(oneOf("admin", ["login", "signup"] as const, "login")).toBe("login");
  });
});
