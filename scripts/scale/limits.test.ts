import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, limitsFrom } from "./limits";

const results = (scenarios: Record<string, Record<string, number>>) => ({
  scenarios: Object.entries(scenarios).map(([id, figures]) => ({ id, figures })),
});

describe("the scale model's write ceiling per database", () => {
  it("comes from the app's own pick batch timed alone, before the smaller pick-shaped batch and the whole machine's picks", () => {
    const measured = results({
      "pick-sql": { picksPerDbPerS: 400 },
      shards: { batchesPerDbPerS: 1100 },
      picks: { rps: 250 },
    });
    expect(limitsFrom(measured).limits.d1WritesPerSecond).toBe(400);
    expect(limitsFrom(measured).measured[0]).toMatch(/pick-sql/);
  });

  it("falls back to the pick-shaped batch, then the machine's picks, then the default", () => {
    expect(
      limitsFrom(results({ shards: { batchesPerDbPerS: 1100 }, picks: { rps: 250 } })).limits.d1WritesPerSecond,
    ).toBe(1100);
    expect(limitsFrom(results({ picks: { rps: 250 } })).limits.d1WritesPerSecond).toBe(250);
    expect(limitsFrom(null).limits.d1WritesPerSecond).toBe(DEFAULT_LIMITS.d1WritesPerSecond);
  });
});
