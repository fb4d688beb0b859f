import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { textParam } from "./search-params";

describe("search params", () => {
  it("keeps text, gives numbers and booleans back as their text, and leaves out everything else", () => {
    const parse = (search: Record<string, unknown>) => z.parse(z.object({ q: textParam, credits: textParam }), search);
    expect(parse({ q: "abc", credits: 100, other: "x" })).toEqual({ q: "abc", credits: "100" });
    expect(parse({ q: ["a"], credits: { a: 1 } })).toEqual({ q: undefined, credits: undefined });
    expect(parse({ q: true })).toEqual({ q: "true" });
  });
});
