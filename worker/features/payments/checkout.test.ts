import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

type ErrorBody = { error: { code: string; message: string } };

const checkout = (headers: Record<string, string>, json: unknown) =>
  callJson<ErrorBody & { url: string }>("/api/payments/checkout", { method: "POST", headers, json });

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
    expect(stripe.store.sessions.get(yen)?.session).toMatchObject({ mode: "subscription", amount_total: 95_904, currency: "jpy" });
    expect(stripe.store.sessions.get(yen)?.subscriptionMetadata).toEqual({ userId: player.userId, credits: "999", mode: "subscription" });
    expect(stripe.store.customers.size).toBe(1);
  });

  it("enforces each mode's limits and the known currencies", async () => {
    const player = await signedInPlayer();
    const cases = [
      [{ credits: 4, mode: "payment" }, "You can buy between 5 and 999 credits"],
      [{ credits: 1000, mode: "payment" }, "You can buy between 5 and 999 credits"],
      [{ credits: 0, mode: "subscription" }, "A subscription is between 1 and 999 credits a month"],
      [{ credits: 2.5 }, "Credits must be a whole number"],
      [{ credits: 10, currency: "BTC" }, "Unsupported currency"],
    ] as const;
    for (const [json, message] of cases) {
      const { status, body } = await checkout(player.bearer, json);
      expect(status).toBe(400);
      expect(body.error.message).toBe(message);
    }
    expect((await checkout(player.bearer, { credits: 1, mode: "subscription" })).status).toBe(200);
    expect(stripe.store.sessions.size).toBe(1);
  });

  it("needs a signed-in player", async () => {
    const { status, body } = await checkout({}, { credits: 10 });
    expect(status).toBe(401);
    expect(body.error.message).toBe("Please log in to continue");
  });

  it("answers 503 when Stripe cannot be reached", async () => {
    const player = await signedInPlayer();
    vi.restoreAllMocks();
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const request = new Request(input, init);
      return request.url.startsWith("https://api.stripe.com/") ? Promise.reject(new TypeError("network down")) : realFetch(request);
    });
    const { status, body } = await checkout(player.bearer, { credits: 10 });
    expect(status).toBe(503);
    expect(body.error.message).toBe("Payment failed. Please try again.");
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
      expect((body as unknown as ErrorBody).error.message).toBe("Payment session not found");
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
