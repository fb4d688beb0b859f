import { describe, expect, it } from "vitest";
import { afterClose, reconnectDelay } from "./backoff";

describe("reconnect delay", () => {
  it("grows exponentially, is capped at 30 s and jittered", () => {
    expect(reconnectDelay(0, 1)).toBe(500);
    expect(reconnectDelay(3, 1)).toBe(4000);
    expect(reconnectDelay(20, 1)).toBe(30_000);
    expect(reconnectDelay(3, 0.5)).toBe(2000);
    expect(reconnectDelay(3, 0)).toBe(0);
  });
});

describe("afterClose", () => {
  it("waits for the tab to be looked at after being displaced by the user's other sockets, and reconnects otherwise", () => {
    expect(afterClose(4429)).toBe("wait-until-visible");
    expect(afterClose(4401)).toBe("reconnect");
    expect(afterClose(1006)).toBe("reconnect");
    expect(afterClose(1000)).toBe("reconnect");
  });
});
