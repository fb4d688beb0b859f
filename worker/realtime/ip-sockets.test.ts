import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIVE_SHARDS, LIVE_SOCKETS_PER_IP } from "../config";
import { call } from "../test/http";
import { connect } from "../test/live";
import { ipCounterFor, socketNetwork } from "./ip-sockets";
import { hubOfSocket } from "./live-hubs";

const upgradeFrom = (ip: string) => call("/api/live", { headers: { Upgrade: "websocket", "CF-Connecting-IP": ip } });

describe("the per-IP socket count across hubs", () => {
  it("asks the hubs again when figures no close will correct would refuse a socket", async () => {
    const ip = "192.0.2.44";
    const elsewhere = (hubOfSocket(null, ip) + 1) % LIVE_SHARDS;
    // What a hub that lost its sockets without a close (a deploy, a crash) leaves behind.
    await ipCounterFor(env, socketNetwork(ip)).report(elsewhere, LIVE_SOCKETS_PER_IP);
    await connect({ ip });
  });

  it("counts the addresses of one IPv6 /64 as one, wherever their sockets land", async () => {
    const address = (i: number) => `2001:db8:7:9::${(i + 1).toString(16)}`;
    const hubs = new Set(Array.from({ length: LIVE_SOCKETS_PER_IP }, (_, i) => hubOfSocket(null, address(i))));
    expect(hubs.size).toBeGreaterThan(1);
    await Promise.all(Array.from({ length: LIVE_SOCKETS_PER_IP }, (_, i) => connect({ ip: address(i) })));
    expect((await upgradeFrom(address(LIVE_SOCKETS_PER_IP))).status).toBe(429);
    expect((await upgradeFrom("2001:db8:7:a::1")).status).toBe(101);
  });
});
