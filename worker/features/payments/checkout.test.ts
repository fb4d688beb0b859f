import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiClient } from "../../test/client";
import { callJson } from "../../test/http";
import { signedInPlayer } from "../../test/sessions";
import { startCheckout, useFakeStripe, verify, type FakeStripe } from "../../test/stripe";

let stripe: FakeStripe;
beforeEach(() => {
  stripe = useFakeStripe();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type CheckoutRequest = Parameters<ReturnType<typeof apiClient>["payments"]["checkout"]["$post"]>[0]["json"];

const checkout = (headers: Record<string, string>, json: CheckoutRequest) =>
  apiClient({ headers }).payments.checkout.$post({ json });

describe("POST /api/payments/checkout", () => {
  it("creates a session for exactly our price, with the buyer in metadata and the product's return URLs", async () => {
    const player = await signedInPlayer();
    const sessionId = await startCheckout(player.bearer, { credits: 100, currency: "EUR" });
    const session = stripe.store.sessions.get(sessionId)?.session;
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 8075,
      currency: "eur",
      metadata: { userId: player.userId, credits: "100", mode: "payment" },
      success_url: "http://localhost:8787/home?payment=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:8787/home?payment=cancelled",
      url: `https://checkout.stripe.test/checkout/${sessionId}`,
    });
    const yen = await startCheckout(player.bearer, { credits: 999, currency: "JPY", mode: "subscription" });
    expect(stripe.store.sessions.get(yen)?.session).toMatchObject({
      mode: "subscription",
      amount_total: 95_904,
      currency: "jpy",
    });
    expect(stripe.store.sessions.get(yen)?.subscriptionMetadata).toEqual({
      userId: player.userId,
      credits: "999",
      mode: "subscription",
    });
    expect(stripe.store.customers.size).toBe(1);
  });

  it("enforces each mode's limits and the known currencies", async () => {
    const player = await signedInPlayer();
    const cases = [
      [{ credits: 4, mode: "payment" }, "You can buy between 5 and 999 credits"],
      [{ credits: 1000, mode: "payment" }, "You can buy between 5 and 999 credits"],
      [{ credits: 0, mode: "subscription" }, "A subscription is between 1 and 999 credits a month"],
      [{ credits: 2.5 }, "Credits must be a whole number"],
    ] as const;
    for (const [json, message] of cases) {
      const refused = await checkout(player.bearer, json);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { message } });
    }
    // A currency outside the route's types, so sent untyped.
    const { status, body } = await callJson("/api/payments/checkout", {
      method: "POST",
      headers: player.bearer,
      json: { credits: 10, currency: "BTC" },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { message: "Unsupported currency" } });
    expect((await checkout(player.bearer, { credits: 1, mode: "subscription" })).status).toBe(200);
    expect(stripe.store.sessions.size).toBe(1);
  });

  it("needs a signed-in player", async () => {
    const signedOut = await checkout({}, { credits: 10 });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ error: { message: "Please log in to continue" } });
  });

  it("answers 503 when Stripe cannot be reached", async () => {
    const player = await signedInPlayer();
    vi.restoreAllMocks();
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const request = new Request(input, init);
      return request.url.startsWith("https://api.stripe.com/")
        ? Promise.reject(new TypeError("network down"))
        : realFetch(request);
    });
    const failed = await checkout(player.bearer, { credits: 10 });
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ error: { message: "Payment failed. Please try again." } });
  });
});

describe("POST /api/payments/verify", () => {
  it("treats another player's session like a missing one and refuses malformed ids", async () => {
    const owner = await signedInPlayer();
    const other = await signedInPlayer();
    const sessionId = await startCheckout(owner.bearer, { credits: 10 });
    for (const id of [sessionId, "cs_test_doesnotexist"]) {
      const { status, body } = await verify(other.bearer, id);
      expect(status).toBe(404);
      expect(body).toMatchObject({ error: { message: "Payment session not found" } });
    }
    expect((await verify(other.bearer, "pi_123")).status).toBe(400);
    expect((await verify({}, sessionId)).status).toBe(401);
  });

  it("reports an unpaid session without crediting it", async () => {
    const player = await signedInPlayer();
    const sessionId = await startCheckout(player.bearer, { credits: 10 });
    const { status, body } = await verify(player.bearer, sessionId);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, wasDuplicate: false, creditsAdded: 0, newBalance: 0 });
  });
});
