import { describe, expect, it } from "vitest";
import { ipNetwork } from "./ip-network";

describe("ipNetwork", () => {
  it("keeps an IPv4 address, also when written as IPv4-mapped IPv6", () => {
    expect(ipNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(ipNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("reduces IPv6 to its /64, whatever the spelling", () => {
    expect(ipNetwork("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(ipNetwork("2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(ipNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(ipNetwork("::1")).toBe("0:0:0:0::/64");
  });

  it("answers null for a missing or malformed address", () => {
    for (const ip of [
      undefined,
      null,
      "",
      "unknown",
      "256.1.1.1",
      "1.2.3",
      "2001:db8::1::2",
      "1:2:3:4:5:6:7",
      "1:2:3:4:5:6:7:8:9",
      "12345::",
    ]) {
      expect(ipNetwork(ip)).toBeNull();
    }
  });
});
