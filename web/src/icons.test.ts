import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "#shared/countries";

const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}\u{2900}-\u{297F}]/u;

// Read at transform time, as text: every source file the app and the worker share.
const sources = import.meta.glob<string>(
  ["./**/*.{ts,tsx}", "!./**/*.test.{ts,tsx}", "../../shared/**/*.ts", "!../../shared/**/*.test.ts"],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);
const bundledFlags = Object.keys(import.meta.glob("../../node_modules/country-flag-icons/3x2/*.svg"));
const drawnFlags = Object.keys(import.meta.glob("../public/flags/*.svg"));

const fileName = (path: string) => path.split("/").at(-1)?.toLowerCase() ?? "";

describe("icons and flags", () => {
  it("draws no icon with an emoji or symbol glyph, which some systems show as an empty box", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(
      Object.entries(sources)
        .filter(([, text]) => EMOJI.test(text))
        .map(([path]) => path),
    ).toEqual([]);
  });

  it("has an SVG flag of our own for every country a profile may hold", () => {
    const available = new Set([...bundledFlags, ...drawnFlags].map(fileName));
    expect(COUNTRY_CODES.map((code) => `${code.toLowerCase()}.svg`).filter((file) => !available.has(file))).toEqual([]);
  });
});
