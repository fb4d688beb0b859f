import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { LiveHub } from "../../realtime/live-hub";
import { broadcast, hubFor, onlineUsers, publishToUser, hubOfUser } from "../../realtime/live-hubs";
import { signUpAndLogin } from "../../test/accounts";
import { call, callJson } from "../../test/http";
import { setBalance } from "../../test/ledger";
import { connect, types } from "../../test/live";
import { insertQuestion } from "../../test/questions";
import { putOutcome } from "../../test/admin";

/** Frames cross the hub and the relay asynchronously: wait for what must arrive rather than for a fixed time. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

describe("GET /api/live", () => {
  it("delivers a player's credit events to all their sockets and nobody else's, and activity to everyone", async () => {
    const alice = await signUpAndLogin("alice-live@example.com");
    const bob = await signUpAndLogin("bob-live@example.com");
    await setBalance(alice.userId, 10);
    const [aliceTab1, aliceTab2, bobTab, visitor] = await Promise.all([
      connect({ headers: alice.cookies }),
      connect({ headers: alice.cookies }),
      connect({ headers: bob.cookies }),
      connect(),
    ]);
    const questionId = await insertQuestion({ creditCost: 2 });

    const picked = await callJson("/api/picks", {
      method: "POST",
      headers: alice.bearer,
      json: { questionId, choice: "yes", multiplier: 1 },
    });
    expect(picked.status).toBe(201);
    // One frame per publish: the player's three messages in one, the public activity in another.
    await eventually(() => {
      for (const tab of [aliceTab1, aliceTab2]) expect(tab.frames).toBe(2);
      expect(visitor.frames).toBe(1);
      expect(types(bobTab)).toContain("activity");
    });

    for (const tab of [aliceTab1, aliceTab2]) {
      expect(types(tab)).toEqual(expect.arrayContaining(["credits", "pick", "transaction"]));
      expect(tab.messages.find((m) => m.type === "credits")?.data).toMatchObject({ balance: 8 });
    }
    expect(types(bobTab)).not.toContain("credits");
    expect(types(bobTab)).not.toContain("pick");
    expect(aliceTab1.messages.find((m) => m.type === "activity")?.data).toMatchObject({ questionId, kind: "pick" });
    expect(types(visitor)).toEqual(["activity"]);
  });

  it("tells a player's open sockets about their payout when an admin settles the question", async () => {
    const admin = await signUpAndLogin("admin@example.com");
    const dave = await signUpAndLogin("dave-live@example.com");
    await setBalance(dave.userId, 10);
    const questionId = await insertQuestion({ creditCost: 2 });
    await callJson("/api/picks", {
      method: "POST",
      headers: dave.bearer,
      json: { questionId, choice: "yes", multiplier: 2 },
    });
    const tab = await connect({ headers: dave.cookies });
    expect((await putOutcome(admin, questionId, "A")).status).toBe(200);
    await eventually(() => expect(tab.messages.find((m) => m.type === "credits")?.data).toMatchObject({ balance: 14 }));
    expect(tab.messages.find((m) => m.type === "transaction")?.data).toMatchObject({
      amount: 8,
      transactionType: "pick_payout",
    });
    expect(tab.messages.find((m) => m.type === "pick")?.data).toMatchObject({ status: "won", actualPayout: 8 });
  });

  it("reaches every socket in every shard with a public event", async () => {
    const listeners = await Promise.all(Array.from({ length: 12 }, () => connect()));
    await broadcast(env, { type: "question.updated", data: { id: "q-123" } });
    await eventually(() => {
      for (const listener of listeners)
        expect(listener.messages).toContainEqual({ type: "question.updated", data: { id: "q-123" } });
    });
  });

  it("sends a burst of public events on through the relay in fewer frames than events", async () => {
    const [visitor, other] = await Promise.all([connect({ ip: "203.0.113.41" }), connect({ ip: "203.0.113.42" })]);
    const ids = ["burst-1", "burst-2", "burst-3", "burst-4", "burst-5"];
    await Promise.all(ids.map((id) => broadcast(env, { type: "question.updated", data: { id } })));
    const received = (listener: typeof visitor) =>
      listener.messages.flatMap((message) => (message.type === "question.updated" ? [message.data.id] : [])).sort();
    await eventually(() => {
      for (const listener of [visitor, other]) expect(received(listener)).toEqual(ids);
    });
    for (const listener of [visitor, other]) expect(listener.frames).toBeLessThan(ids.length);
  });

  it("refuses other origins and plain requests", async () => {
    const foreign = await call("/api/live", { headers: { Upgrade: "websocket", Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const plain = await call("/api/live");
    expect(plain.status).toBe(400);
  });

  it("does not throw when publishing to a user with no sockets, or to sockets that have closed", async () => {
    await expect(
      publishToUser(env, "nobody-online", [{ type: "question.deleted", data: { id: "x" } }]),
    ).resolves.toBeUndefined();
    const gone = await connect();
    gone.socket.close(1000, "bye");
    await gone.closed;
    await expect(broadcast(env, { type: "question.deleted", data: { id: "y" } })).resolves.toBeUndefined();
  });

  it("keeps delivering after the hub wakes from hibernation, from the sockets' attachments alone", async () => {
    const carol = await signUpAndLogin("carol-live@example.com");
    const tab = await connect({ headers: carol.cookies });
    const stub = hubFor(env, hubOfUser(carol.userId));
    const delivered = await runInDurableObject(stub, async (_instance, state) => {
      const woken = new LiveHub(state, env);
      return woken.deliver([
        {
          userId: carol.userId,
          messages: [{ type: "profile", data: { username: "carol", country: "US", maxStreak: 0 } }],
        },
      ]);
    });
    expect(delivered).toBe(1);
    await eventually(() => expect(types(tab)).toContain("profile"));
  });

  it("knows which users have a socket open, so settlement reads and sends for them only", async () => {
    const erin = await signUpAndLogin("erin-live@example.com");
    const tab = await connect({ headers: erin.cookies });
    expect(await onlineUsers(env, [erin.userId, "offline-1", "offline-2"])).toEqual([erin.userId]);
    tab.socket.close(1000, "bye");
  });

  it("answers a client's close with a code a server may send", async () => {
    const answered = await runInDurableObject(hubFor(env, 0), async (hub) =>
      Promise.all(
        [1000, 1001, 1005, 1006, 1015, 2999, 4000].map(async (code) => {
          let sent = -1;
          const socket = { close: (answer: number) => void (sent = answer), deserializeAttachment: () => ({}) };
          await hub.webSocketClose(socket as unknown as WebSocket, code);
          return sent;
        }),
      ),
    );
    expect(answered).toEqual([1000, 1001, 1000, 1000, 1000, 1000, 4000]);
  });

  it("closes a socket that floods the hub with messages", async () => {
    const noisy = await connect();
    for (let i = 0; i < 40; i++) noisy.socket.send(`hello ${i}`);
    expect(await noisy.closed).toBe(1008);
  });
});
