import { shardOf } from "../../test/players";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Json } from "../../test/stripe";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { apiClient } from "../../test/client";
import { signedInPlayer } from "../../test/sessions";
import {
  deliver,
  paidCheckout,
  postWebhook,
  signature,
  stripeEvent,
  useFakeStripe,
  verify,
  type FakeStripe,
} from "../../test/stripe";

let stripe: FakeStripe;
beforeEach(() => {
  stripe = useFakeStripe();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const rowsOf = async (userId: string) => {
  const row = await shardOf(userId)
    .prepare(
      `SELECT (SELECT COUNT(*) FROM credit_transactions WHERE user_id = ?1) AS transactions,
            (SELECT COUNT(*) FROM stripe_payments WHERE user_id = ?1) AS payments`,
    )
    .bind(userId)
    .first<{ transactions: number; payments: number }>();
  return row ?? { transactions: 0, payments: 0 };
};

const completedEvent = (events: Json[]) => {
  const event = events.find((item) => item.type === "checkout.session.completed");
  if (!event) throw new Error("no checkout.session.completed");
  return event;
};

describe("a one-time purchase is credited exactly once", () => {
  it("when the webhook arrives 10 times in a row", async () => {
    const player = await signedInPlayer();
    const { events } = await paidCheckout(stripe, player.bearer, { credits: 100 });
    for (let i = 0; i < 10; i++) expect((await deliver(completedEvent(events))).status).toBe(200);
    expect(await balanceOf(player.userId)).toBe(100);
    expect(await rowsOf(player.userId)).toEqual({ transactions: 1, payments: 1 });
    await expectLedgerClean();
  });

  it("when the webhook arrives 10 times at once", async () => {
    const player = await signedInPlayer();
    const { events } = await paidCheckout(stripe, player.bearer, { credits: 250, currency: "EUR" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(completedEvent(events))));
    expect(answers.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await balanceOf(player.userId)).toBe(250);
    expect(await rowsOf(player.userId)).toEqual({ transactions: 1, payments: 1 });
    await expectLedgerClean();
  });

  it("when the return page's verify races the webhook", async () => {
    const player = await signedInPlayer();
    const { sessionId, events } = await paidCheckout(stripe, player.bearer, { credits: 40 });
    const [verifies, hooks] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => verify(player.bearer, sessionId))),
      Promise.all(Array.from({ length: 5 }, () => deliver(completedEvent(events)))),
    ]);
    expect(hooks.every((response) => response.status === 200)).toBe(true);
    for (const { status, body } of verifies) {
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, creditsAdded: 40, newBalance: 40 });
    }
    // Whoever did the granting, exactly one of the returns (tabs) says the credits arrived.
    expect(verifies.filter(({ body }) => "wasDuplicate" in body && !body.wasDuplicate)).toHaveLength(1);
    expect(await balanceOf(player.userId)).toBe(40);
    expect(await rowsOf(player.userId)).toEqual({ transactions: 1, payments: 1 });
    await expectLedgerClean();
  });

  it("and verify alone credits it, then reports the repeat as a duplicate", async () => {
    const player = await signedInPlayer();
    const { sessionId } = await paidCheckout(stripe, player.bearer, { credits: 5 });
    const first = await verify(player.bearer, sessionId);
    expect(first.body).toEqual({
      success: true,
      wasDuplicate: false,
      creditsAdded: 5,
      newBalance: 5,
      message: "5 credits have been added to your account.",
    });
    const again = await verify(player.bearer, sessionId);
    expect(again.body).toMatchObject({ success: true, wasDuplicate: true, creditsAdded: 5, newBalance: 5 });
    await expectLedgerClean();
  });
});

describe("the return from checkout", () => {
  const verifyWithKey = async (headers: Record<string, string>, sessionId: string, key: string) => {
    const response = await apiClient({ headers }).payments.verify.$post({
      json: { sessionId },
      header: { "idempotency-key": key },
    });
    return { status: response.status, body: await response.json() };
  };

  it("says the credits arrived the first time even when the webhook credited them first, and only then", async () => {
    const player = await signedInPlayer();
    const { sessionId, events } = await paidCheckout(stripe, player.bearer, { credits: 12 });
    expect((await deliver(completedEvent(events))).status).toBe(200);
    expect(await balanceOf(player.userId)).toBe(12);

    expect((await verify(player.bearer, sessionId)).body).toEqual({
      success: true,
      wasDuplicate: false,
      creditsAdded: 12,
      newBalance: 12,
      message: "12 credits have been added to your account.",
    });
    expect((await verify(player.bearer, sessionId)).body).toEqual({
      success: true,
      wasDuplicate: true,
      creditsAdded: 12,
      newBalance: 12,
      message: "This payment has already been credited.",
    });
    expect(await rowsOf(player.userId)).toEqual({ transactions: 1, payments: 1 });
    await expectLedgerClean();
  });

  it("lets exactly one of two tabs returning at once after the webhook say the credits arrived", async () => {
    const player = await signedInPlayer();
    const { sessionId, events } = await paidCheckout(stripe, player.bearer, { credits: 7 });
    expect((await deliver(completedEvent(events))).status).toBe(200);
    const tabs = await Promise.all(Array.from({ length: 6 }, () => verify(player.bearer, sessionId)));
    expect(tabs.map(({ body }) => ("wasDuplicate" in body ? body.wasDuplicate : null)).sort()).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it("answers a retried first return the same, after its answer was lost, and a later return as a repeat", async () => {
    const player = await signedInPlayer();
    const { sessionId, events } = await paidCheckout(stripe, player.bearer, { credits: 9 });
    expect((await deliver(completedEvent(events))).status).toBe(200);
    const first = await verifyWithKey(player.bearer, sessionId, "return-first");
    expect(first.body).toMatchObject({ wasDuplicate: false, creditsAdded: 9 });
    expect((await verifyWithKey(player.bearer, sessionId, "return-first")).body).toEqual(first.body);

    // The connection dropped after the batch: only its receipt remains, naming the ledger row id the call tried.
    const shard = shardOf(player.userId);
    const shown = await shard
      .prepare("SELECT return_shown_by AS id FROM stripe_payments WHERE id = ?")
      .bind(sessionId)
      .first<{ id: string }>();
    await shard
      .prepare("UPDATE idempotent_responses SET status = 0, body = ? WHERE user_id = ? AND idempotency_key = ?")
      .bind(
        JSON.stringify({ userId: player.userId, transactionId: shown?.id, credits: 9 }),
        player.userId,
        "return-first",
      )
      .run();
    expect((await verifyWithKey(player.bearer, sessionId, "return-first")).body).toEqual(first.body);
    expect((await verifyWithKey(player.bearer, sessionId, "return-again")).body).toMatchObject({
      wasDuplicate: true,
      message: "This payment has already been credited.",
    });
    expect(await balanceOf(player.userId)).toBe(9);
    await expectLedgerClean();
  });
});

describe("delayed payments", () => {
  it("credit nothing while unpaid, then once on async_payment_succeeded", async () => {
    const player = await signedInPlayer();
    const { sessionId, events } = await paidCheckout(stripe, player.bearer, { credits: 30 });
    const paid = completedEvent(events);
    const session = (paid.data as { object: Json }).object;
    const unpaid = stripeEvent("checkout.session.completed", { ...session, payment_status: "unpaid" });
    expect((await deliver(unpaid)).status).toBe(200);
    const stored = stripe.store.sessions.get(sessionId)?.session;
    if (stored) stored.payment_status = "unpaid";
    expect((await verify(player.bearer, sessionId)).body).toMatchObject({
      success: false,
      creditsAdded: 0,
      newBalance: 0,
    });
    expect(await rowsOf(player.userId)).toEqual({ transactions: 0, payments: 0 });

    const succeeded = stripeEvent("checkout.session.async_payment_succeeded", session);
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await deliver(paid)).status).toBe(200);
    expect(await balanceOf(player.userId)).toBe(30);
    expect(await rowsOf(player.userId)).toEqual({ transactions: 1, payments: 1 });
    await expectLedgerClean();
  });
});

describe("signatures", () => {
  it("refuse forged, altered, stale and missing signatures with 400 and write nothing", async () => {
    const player = await signedInPlayer();
    const { events } = await paidCheckout(stripe, player.bearer, { credits: 100 });
    const payload = JSON.stringify(completedEvent(events));
    const altered = payload
      .replace('"credits": "100"', '"credits": "999"')
      .replace('"credits":"100"', '"credits":"999"');
    expect(altered).not.toBe(payload);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    const attempts = [
      postWebhook(payload, await signature(payload, { secret: "whsec_forged" })),
      postWebhook(altered, await signature(payload)),
      postWebhook(payload, await signature(payload, { timestamp: sixMinutesAgo })),
      postWebhook(payload, ""),
      postWebhook(payload, "t=1,v1=deadbeef"),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "bad_request", message: "Invalid signature" } });
    }
    expect(await rowsOf(player.userId)).toEqual({ transactions: 0, payments: 0 });
    expect(await balanceOf(player.userId)).toBe(0);
  });

  it("acknowledge events that are not ours without writing", async () => {
    const response = await deliver(stripeEvent("customer.created", { id: "cus_other", object: "customer" }));
    expect(response.status).toBe(200);
    const foreign = await deliver(
      stripeEvent("checkout.session.completed", {
        id: "cs_foreign",
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        metadata: {},
      }),
    );
    expect(foreign.status).toBe(200);
  });
});
