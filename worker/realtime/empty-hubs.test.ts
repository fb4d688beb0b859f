import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { connect } from "../test/live";
import type { LiveHub } from "./live-hub";
import { broadcast, relayHub, hubOfSocket } from "./live-hubs";

const dueShards = () =>
  runInDurableObject(relayHub(env), (relay: LiveHub) => relay.asRelay.roster.due(Date.now()).map(({ shard }) => shard));
const updated = (id: string) => ({ type: "question.updated", data: { id } }) as const;

describe("the relay and hubs without a socket", () => {
  it("leaves out a hub with no socket, sends to it again once a socket opens there, and leaves it out once that closes", async () => {
    // Other test files' sockets may still be open in other hubs: the test follows its own hub.
    const ip = "203.0.113.77";
    const hub = hubOfSocket(null, ip);
    await broadcast(env, updated("nobody-listens"));
    await vi.waitFor(async () => expect(await dueShards()).not.toContain(hub));

    const listener = await connect({ ip });
    expect(await dueShards()).toContain(hub);
    await broadcast(env, updated("heard"));
    await vi.waitFor(() => expect(listener.messages).toEqual([updated("heard")]));

    listener.socket.close(1000, "done");
    await listener.closed;
    await broadcast(env, updated("after-the-last-socket"));
    await vi.waitFor(async () => expect(await dueShards()).not.toContain(hub));
  });
});
