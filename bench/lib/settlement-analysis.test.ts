import { describe, expect, it } from "vitest";
import { chunkDurations } from "./settlement-analysis";

const chunks = (from: number, count: number, every: number) =>
  Array.from({ length: count }, (_, i) => from + i * every);

describe("chunkDurations", () => {
  it("times chunks within each settler's run and not the hand-off between two runs", () => {
    const outcome = { from: 0, to: 1_000 };
    const cron = { from: 2_500, to: 4_000 };
    const stamps = [...chunks(10, 10, 60), ...chunks(2_600, 10, 60), ...chunks(5_200, 10, 60)];
    const { runs, durations } = chunkDurations(stamps, [outcome, cron]);
    expect(runs).toBe(3);
    expect(durations).toHaveLength(27);
    expect(Math.max(...durations)).toBe(60);
  });

  it("keeps a slow chunk inside a run", () => {
    const stamps = [0, 60, 1_560, 1_620];
    const { durations } = chunkDurations(stamps, [{ from: 0, to: 2_000 }]);
    expect(durations).toEqual([60, 1_500, 60]);
  });

  it("tells apart the queue's turns on either side of a cron job", () => {
    const stamps = [...chunks(0, 3, 50), ...chunks(1_000, 3, 50), ...chunks(3_000, 3, 50)];
    const { runs, durations } = chunkDurations(stamps, [{ from: 900, to: 1_200 }]);
    expect(runs).toBe(3);
    expect(durations).toEqual([50, 50, 50, 50, 50, 50]);
  });
});
