import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./backoff";

describe("reconnect delay", () => {
  it("grows exponentially, is capped at 30 s and jittered", () => {
    expect(reconnectDelay(0, 1)).toBe(500);
    expect(reconnectDelay(3, 1)).toBe(4000);
    expect(reconnectDelay(20, 1)).toBe(30_000);
    expect(reconnectDelay(3, 0.5)).toBe(2000);
    expect(reconnectDelay(3, 0)).toBe(0);
  });
});
