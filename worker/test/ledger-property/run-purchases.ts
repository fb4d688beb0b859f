import { expect } from "vitest";
import type { Json } from "../../../scripts/stripe-standin/objects";
import { paySession } from "../../../scripts/stripe-standin/store";
import { apiClient, bodyAt } from "../client";
import { deliver, stripeEvent, verify } from "../stripe";
import type { LedgerModel } from "./ledger-model";
import type { CommandOf } from "./commands";
import { nth, playerAt, type Actor, type PaidSession, type World } from "./world";

const deliverCompleted = async (world: World, model: LedgerModel, session: PaidSession, index: number) => {
  model.payments.credit(index);
  expect((await deliver(session.completed, world.env)).status).toBe(200);
};

/**
 * The return page's verify: the buyer gets the credits unless already credited, and hears they arrived the first time
 * only; anyone else is told it does not exist.
 */
const verifyAs = async (world: World, model: LedgerModel, session: PaidSession, index: number, caller: Actor) => {
  const isOwner = caller.userId === session.owner.userId;
  const first = isOwner && model.payments.returnTo(index);
  const { status, body } = await verify(caller.bearer, session.id, world.env);
  expect(status).toBe(isOwner ? 200 : 404);
  if (isOwner) expect(body).toMatchObject({ wasDuplicate: !first });
};

/** Starts a checkout through our API and pays it at the stand-in; the webhook or the verify call may follow at once. */
export const runCheckout = async (world: World, model: LedgerModel, step: CommandOf<"checkout">) => {
  const buyer = playerAt(world, step.player);
  const allowed = model.payments.startCheckout(buyer.userId);
  const checkout = await apiClient({ headers: buyer.bearer, env: world.env }).payments.checkout.$post({
    json: { credits: step.credits, currency: "USD", mode: "payment" },
  });
  expect(checkout.status).toBe(allowed ? 200 : 429);
  if (!allowed) return;
  const id = (await bodyAt(checkout, 200)).url.split("/").at(-1) ?? "";
  const [completed] = paySession(world.stripe.store, id);
  const paid = world.stripe.store.sessions.get(id)?.session;
  if (!completed || !paid) throw new Error(`the stand-in did not pay ${id}`);
  const amount = Number(paid.amount_total);
  // docs/product-rules.md: one US dollar a credit below 100.
  expect(amount).toBe(step.credits * 100);
  const session = { id, owner: buyer, paymentIntent: String(paid.payment_intent), amount, completed };
  world.sessions.push(session);
  model.payments.addSession(buyer.userId, step.credits, amount);
  const index = world.sessions.length - 1;
  if (step.then === "webhook") await deliverCompleted(world, model, session, index);
  if (step.then === "verify") await verifyAs(world, model, session, index, buyer);
};

/** checkout.session.completed again: the first delivery credits, every later one is a duplicate. */
export const runDeliver = async (world: World, model: LedgerModel, step: CommandOf<"deliver">) => {
  const chosen = nth(world.sessions, step.session);
  if (chosen) await deliverCompleted(world, model, chosen.item, chosen.index);
};

export const runVerify = async (world: World, model: LedgerModel, step: CommandOf<"verify">) => {
  const chosen = nth(world.sessions, step.session);
  if (!chosen) return;
  const caller = step.caller === null ? chosen.item.owner : playerAt(world, step.caller);
  await verifyAs(world, model, chosen.item, chosen.index, caller);
};

const charge = (session: PaidSession, refunded: number): Json => ({
  id: `ch_${session.paymentIntent}`,
  object: "charge",
  amount: session.amount,
  amount_refunded: refunded,
  currency: "usd",
  payment_intent: session.paymentIntent,
  refunded: refunded >= session.amount,
});

const dispute = (session: PaidSession): Json => ({
  id: `dp_${session.paymentIntent}`,
  object: "dispute",
  amount: session.amount,
  charge: `ch_${session.paymentIntent}`,
  currency: "usd",
  payment_intent: session.paymentIntent,
  status: "needs_response",
});

/** charge.refunded carries the cumulative refunded amount (so a late smaller one takes nothing); a dispute takes it all. */
export const runRefund = async (world: World, model: LedgerModel, step: CommandOf<"refund">) => {
  const chosen = nth(world.sessions, step.session);
  if (!chosen) return;
  const session = chosen.item;
  const refunded = Math.round((session.amount * step.quarters) / 4);
  model.payments.takeBack(chosen.index, step.dispute ? null : refunded);
  const event = step.dispute
    ? stripeEvent("charge.dispute.created", dispute(session))
    : stripeEvent("charge.refunded", charge(session, refunded));
  expect((await deliver(event, world.env)).status).toBe(200);
};
