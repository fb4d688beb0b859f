import fc from "fast-check";
import type { Outcome } from "./picks-model";

// Most commands act for the first player, so that one account lives through long chains (a win spent, then reversed).
const player = fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(4) });
const index = fc.nat(9);
const twice = fc.constantFrom(false, false, true);

const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });

/**
 * Indices pick among what exists when the command runs (players, sessions, codes, redemptions: modulo their count),
 * so a shrunk sequence still means something. `twice` repeats a request with the same Idempotency-Key.
 */
export const commandArbitrary = fc.oneof(
  weighted(1, fc.record({ kind: fc.constant("signup" as const), referrer: fc.option(player, { nil: null }) })),
  weighted(
    2,
    fc.record({
      kind: fc.constant("checkout" as const),
      player,
      credits: fc.integer({ min: 5, max: 60 }),
      then: fc.constantFrom("nothing" as const, "webhook" as const, "verify" as const),
    }),
  ),
  weighted(2, fc.record({ kind: fc.constant("deliver" as const), session: index })),
  weighted(
    1,
    fc.record({ kind: fc.constant("verify" as const), session: index, caller: fc.option(player, { nil: null }) }),
  ),
  weighted(
    3,
    fc.record({
      kind: fc.constant("refund" as const),
      session: index,
      quarters: fc.integer({ min: 1, max: 4 }),
      dispute: fc.boolean(),
    }),
  ),
  weighted(
    6,
    fc.record({
      kind: fc.constant("pick" as const),
      player,
      question: fc.nat(3),
      choice: fc.constantFrom("yes" as const, "no" as const),
      multiplier: fc.integer({ min: 1, max: 5 }),
      twice,
    }),
  ),
  weighted(
    3,
    fc.record({
      kind: fc.constant("resolve" as const),
      question: fc.nat(3),
      outcome: fc.constantFrom<Outcome>("unresolved", "A", "B", "void"),
    }),
  ),
  weighted(1, fc.record({ kind: fc.constant("delete" as const), question: fc.nat(3) })),
  weighted(
    2,
    fc.record({
      kind: fc.constant("promo-create" as const),
      credits: fc.integer({ min: 1, max: 20 }),
      active: fc.constantFrom(true, true, true, false),
      expired: fc.constantFrom(false, false, false, true),
      maxRedemptions: fc.constantFrom(null, 1, 2),
    }),
  ),
  weighted(1, fc.record({ kind: fc.constant("promo-toggle" as const), promo: index, active: fc.boolean() })),
  weighted(2, fc.record({ kind: fc.constant("promo-redeem" as const), player, promo: index, twice })),
  weighted(
    3,
    fc.record({
      kind: fc.constant("redeem" as const),
      player,
      credits: fc.integer({ min: 8, max: 30 }),
      target: fc.constantFrom("gift_card" as const, "visa" as const, "venmo" as const),
      twice,
    }),
  ),
  weighted(
    2,
    fc.record({
      kind: fc.constant("decide" as const),
      redemption: index,
      status: fc.constantFrom("fulfilled" as const, "rejected" as const),
    }),
  ),
  weighted(2, fc.record({ kind: fc.constant("join" as const), player, contest: fc.nat(1), twice })),
  weighted(1, fc.record({ kind: fc.constant("payout" as const), contest: fc.nat(1) })),
  weighted(2, fc.record({ kind: fc.constant("daily" as const), player, twice })),
  weighted(1, fc.record({ kind: fc.constant("limit" as const), player, amount: fc.integer({ min: 1, max: 40 }) })),
  weighted(
    2,
    fc.record({
      kind: fc.constant("adjust" as const),
      player,
      amount: fc.integer({ min: -30, max: 30 }).filter((amount) => amount !== 0),
      twice,
    }),
  ),
);

export type Command = typeof commandArbitrary extends fc.Arbitrary<infer T> ? T : never;
export type CommandOf<K extends Command["kind"]> = Extract<Command, { kind: K }>;
