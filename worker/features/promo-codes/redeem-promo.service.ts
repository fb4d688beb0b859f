import { and, eq, exists } from "drizzle-orm";
import type { LiveMessage } from "#shared/live-messages";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { createDb } from "../../db/client";
import { boundQuery } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { creditTransactions, promoCodes, promoRedemptions } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Receipt } from "../../db/idempotency";
import { grant, MOVEMENT_APPLIED_SQL } from "../credits/ledger.service";
import { creditsStatement, toCredits, type CreditsRow } from "../credits/credits-row";
import { creditEvents } from "../payments/credit-purchase.service";
import { PROMO_MESSAGES as M } from "./promo-codes.schemas";
import { batchNamed, firstRow } from "../../db/statement";

/** The code as a redemption checks it, and whether the player has a use of it already. */
const readState = async (catalogue: D1Database, code: string, userId: string) => {
  const db = createDb(catalogue);
  const { credits, active, expiresAt, maxRedemptions, redemptionCount } = promoCodes;
  const ownUse = db
    .select({ code: promoRedemptions.code })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.code, promoCodes.code), eq(promoRedemptions.userId, userId)));
  const [state] = await db
    .select({ credits, active, expiresAt, maxRedemptions, redemptionCount, used: exists(ownUse).mapWith(Boolean) })
    .from(promoCodes)
    .where(eq(promoCodes.code, code));
  return state ?? null;
};

type CodeState = NonNullable<Awaited<ReturnType<typeof readState>>>;

/** Why a redemption is refused, from the code's state. A code that has reached its overall cap reads as inactive. */
const refusal = (state: CodeState | null, now: number) => {
  if (!state || !state.active) return new AppError("not_found", M.invalid);
  if (state.used) return new AppError("duplicate", M.used);
  if (state.expiresAt !== null && state.expiresAt <= now) return new AppError("rule_violation", M.expired);
  if (state.maxRedemptions !== null && state.redemptionCount >= state.maxRedemptions)
    return new AppError("not_found", M.invalid);
  return null;
};

export type Redemption = { body: { success: true; creditsAwarded: number; code: string }; events: LiveMessage[] };

/** What an Idempotency-Key's receipt keeps to answer a committed redemption again. */
export type PromoRef = { userId: string; code: string; credits: number; transactionId: string; createdAt: number };

const toRedemption = (ref: PromoRef, creditsRow: CreditsRow | null | undefined): Redemption => {
  const transaction = {
    id: ref.transactionId,
    amount: ref.credits,
    transactionType: "promo_code",
    description: `Promo code ${ref.code}`,
    createdAt: ref.createdAt,
  };
  return {
    body: { success: true, creditsAwarded: ref.credits, code: ref.code },
    events: creditEvents(toCredits(creditsRow), transaction),
  };
};

/**
 * The global part of a redemption, in the catalogue: the row that makes a code once per account (only while the code
 * is active, unexpired and under its cap, checked in SQL) and the cap's count, raised only by this request's row.
 */
const reservation = (
  catalogue: D1Database,
  userId: string,
  code: string,
  credits: number,
  transactionId: string,
  now: number,
) => [
  catalogue
    .prepare(
      `INSERT INTO promo_redemptions (code, user_id, transaction_id, created_at)
       SELECT code, ?1, ?2, ?3 FROM promo_codes
       WHERE code = ?4 AND active = 1 AND credits = ?5 AND (expires_at IS NULL OR expires_at > ?3)
         AND (max_redemptions IS NULL OR redemption_count < max_redemptions)
       ON CONFLICT DO NOTHING`,
    )
    .bind(userId, transactionId, now, code, credits),
  catalogue
    .prepare(
      "UPDATE promo_codes SET redemption_count = redemption_count + 1 WHERE code = ? AND EXISTS (SELECT 1 FROM promo_redemptions WHERE transaction_id = ?)",
    )
    .bind(code, transactionId),
];

/**
 * A redemption: the catalogue's row and count (reservation above) and the player's bonus grant, keyed
 * `promo:<code>:<user>`. Where the player's database is the catalogue it is one batch, and a guard rolls everything
 * back if the row was refused, so concurrent redemptions can neither pass the cap nor credit an account twice.
 * Otherwise the catalogue commits first; the player's grant follows, and its key pays once however requests race. A
 * redemption whose grant never committed (the player's database failed after the catalogue) is completed by the
 * player's next try, which finds the account's row and no grant; a grant that fails outright gives the row and its
 * count back.
 */
export const redeemPromoCode = async (
  data: DataContext,
  userId: string,
  code: string,
  now: number,
  receipt: Receipt<PromoRef> = () => [],
): Promise<Redemption> => {
  const catalogue = data.catalogue;
  const d1 = data.player(userId);
  const shared = d1 === catalogue;
  const state = await readState(catalogue, code, userId);
  // Apart from the catalogue, an account's row without its grant is a redemption to complete, not a used code.
  const completing = !shared && state?.used === true && !(await grantCommitted(d1, code, userId));
  const early = refusal(completing && state ? { ...state, used: false } : state, now);
  if (early || !state) throw early ?? new AppError("not_found", M.invalid);

  const movement = grant(d1, {
    userId,
    amount: state.credits,
    idempotencyKey: grantKey(code, userId),
    transactionType: "promo_code",
    source: "bonus",
    description: `Promo code ${code}`,
    now,
  });
  const ref: PromoRef = { userId, code, credits: state.credits, transactionId: movement.transactionId, createdAt: now };
  const reserve = reservation(catalogue, userId, code, state.credits, movement.transactionId, now);
  const money = [
    ...movement.statements,
    assertInBatch(d1, MOVEMENT_APPLIED_SQL, movement.transactionId),
    ...receipt(ref),
  ];
  try {
    if (shared) {
      const claimed = assertInBatch(
        d1,
        "EXISTS (SELECT 1 FROM promo_redemptions WHERE transaction_id = ?)",
        movement.transactionId,
      );
      const { credits } = await batchNamed(d1, {
        writes: [...reserve, claimed, ...money],
        credits: creditsStatement(d1, userId),
      });
      return toRedemption(ref, credits.results[0]);
    }
    if (!completing) {
      const reserved = createDb(catalogue)
        .select({ code: promoRedemptions.code })
        .from(promoRedemptions)
        .where(eq(promoRedemptions.transactionId, movement.transactionId));
      const { row } = await batchNamed(catalogue, { reserve, row: boundQuery(catalogue, reserved) });
      if (row.length === 0)
        throw refusal(await readState(catalogue, code, userId), Date.now()) ?? new AppError("conflict", M.failed);
    }
    const { credits } = await batchNamed(d1, { writes: money, credits: creditsStatement(d1, userId) }).catch(
      async (error: unknown) => {
        if (!isBatchRefusal(error) && !completing)
          await releaseUnlessGranted(catalogue, d1, code, userId, movement.transactionId);
        throw error;
      },
    );
    return toRedemption(ref, credits.results[0]);
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    throw refusal(await readState(catalogue, code, userId), Date.now()) ?? new AppError("conflict", M.failed);
  }
};

const grantKey = (code: string, userId: string) => `promo:${code}:${userId}`;

const grantCommitted = async (d1: D1Database, code: string, userId: string) =>
  (
    await createDb(d1)
      .select({ id: creditTransactions.id })
      .from(creditTransactions)
      .where(eq(creditTransactions.idempotencyKey, grantKey(code, userId)))
  ).length > 0;

/**
 * Gives back a use whose grant failed, and its place under the cap. A batch whose answer was lost may have committed,
 * and a player's database that cannot say keeps the use: the player's next try completes it or finds it done.
 */
const releaseUnlessGranted = async (
  catalogue: D1Database,
  d1: D1Database,
  code: string,
  userId: string,
  transactionId: string,
) => {
  if (await grantCommitted(d1, code, userId).catch(() => true)) return;
  await catalogue.batch([
    catalogue
      .prepare(
        "UPDATE promo_codes SET redemption_count = redemption_count - 1 WHERE code = ? AND EXISTS (SELECT 1 FROM promo_redemptions WHERE transaction_id = ?)",
      )
      .bind(code, transactionId),
    catalogue.prepare("DELETE FROM promo_redemptions WHERE transaction_id = ?").bind(transactionId),
  ]);
};

/** The answer of a redemption that committed under an Idempotency-Key whose answer was lost; moves nothing. */
export const replayPromoCode = async (d1: D1Database, ref: PromoRef) =>
  toRedemption(ref, await firstRow(creditsStatement(d1, ref.userId)));
