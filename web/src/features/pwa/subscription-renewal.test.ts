import { describe, expect, it, vi } from "vitest";
import { resendSubscription } from "../notifications/browser-push";
import { renewSubscription, subscriptionBody, SUBSCRIPTIONS_PATH } from "./subscription-renewal";

const KEYS = { p256dh: "B".repeat(87), auth: "A".repeat(22) };
const subscription = (endpoint: string, key: ArrayBuffer | null = null) => ({
  endpoint,
  options: { applicationServerKey: key },
  toJSON: () => ({ endpoint, keys: KEYS }),
});

/** A fetch that records each request and answers the notifications view with our key. */
const recordingFetch = (publicKey = "AQID") => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : null });
    return Response.json(url === SUBSCRIPTIONS_PATH ? { devices: 1 } : { publicKey });
  });
  return { calls, fetch };
};

describe("subscriptionBody", () => {
  it("takes the endpoint and both keys, and refuses an incomplete subscription", () => {
    expect(subscriptionBody({ endpoint: "https://push.example/1", keys: KEYS })).toEqual({
      endpoint: "https://push.example/1",
      keys: KEYS,
    });
    expect(subscriptionBody({ endpoint: "https://push.example/1", keys: { p256dh: KEYS.p256dh } })).toBeNull();
    expect(subscriptionBody({ keys: KEYS })).toBeNull();
  });
});

describe("resendSubscription (the profile, when notifications show as on)", () => {
  it("sends the browser's existing subscription to the server again", async () => {
    const save = vi.fn(async () => ({ devices: 1 }) as never);
    await resendSubscription(subscription("https://push.example/1"), save);
    expect(save).toHaveBeenCalledWith({ endpoint: "https://push.example/1", keys: KEYS });
  });

  it("sends nothing when the browser has no subscription, and shrugs off a refusal", async () => {
    const save = vi.fn(async () => Promise.reject(new Error("offline")));
    await expect(resendSubscription(null, save)).resolves.toBeNull();
    expect(save).not.toHaveBeenCalled();
    await expect(resendSubscription(subscription("https://push.example/1"), save)).resolves.toBeNull();
  });
});

describe("renewSubscription (the service worker's pushsubscriptionchange)", () => {
  it("subscribes again with the old subscription's key, saves the new one and forgets the old endpoint", async () => {
    const key = new Uint8Array([1, 2, 3]).buffer;
    const subscribe = vi.fn(async () => subscription("https://push.example/new"));
    const { calls, fetch } = recordingFetch();
    const saved = await renewSubscription({
      oldSubscription: subscription("https://push.example/old", key),
      pushManager: { subscribe },
      fetch,
    });
    expect(saved).toBe(true);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    expect(calls).toEqual([
      { url: SUBSCRIPTIONS_PATH, method: "POST", body: { endpoint: "https://push.example/new", keys: KEYS } },
      { url: SUBSCRIPTIONS_PATH, method: "DELETE", body: { endpoint: "https://push.example/old" } },
    ]);
  });

  it("asks the server for the key when the browser kept none", async () => {
    const subscribe = vi.fn(async () => subscription("https://push.example/new"));
    const { calls, fetch } = recordingFetch("AQID");
    await renewSubscription({ oldSubscription: null, pushManager: { subscribe }, fetch });
    expect(calls[0]).toMatchObject({ url: "/api/notifications", method: "GET" });
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) });
    expect(calls[1]).toMatchObject({ url: SUBSCRIPTIONS_PATH, method: "POST" });
  });

  it("only saves a subscription the browser already made", async () => {
    const subscribe = vi.fn();
    const { calls, fetch } = recordingFetch();
    await renewSubscription({
      newSubscription: subscription("https://push.example/new"),
      pushManager: { subscribe },
      fetch,
    });
    expect(subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([
      { url: SUBSCRIPTIONS_PATH, method: "POST", body: { endpoint: "https://push.example/new", keys: KEYS } },
    ]);
  });
});
