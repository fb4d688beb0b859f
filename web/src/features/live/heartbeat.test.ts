import { describe, expect, it } from "vitest";
import { isSilent, PING_INTERVAL_MS } from "./heartbeat";

describe("live socket heartbeat", () => {
  it("gives a socket two ping rounds to answer before taking it for dead", () => {
    expect(isSilent(0, PING_INTERVAL_MS)).toBe(false);
    expect(isSilent(0, 2 * PING_INTERVAL_MS)).toBe(false);
    expect(isSilent(0, 3 * PING_INTERVAL_MS)).toBe(true);
  });
});
