import type { LiveMessage } from "#shared/live-messages";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { AppError } from "../../lib/errors";
import type { Receipt } from "../../lib/idempotency";
import { grant, MOVEMENT_APPLIED_SQL } from "../credits/ledger.service";
import { creditsStatement, toCredits, type CreditsRow } from "../picks/pick-row";
import { creditEvents } from "../payments/credit-purchase.service";
import { PROMO_MESSAGES as M } from "./promo-codes.schemas";
import { batchNamed, firstRow, typed } from "../../db/statement";
import { playerDb } from "../../db/shards";
import type { SqlColumns } from "../../db/rows";
import type { promoCodes } from "../../db/schema";

type CodeState = SqlColumns<typeof promoCodes, "credits" | "active" | "expires_at" | "max_redemptions" | "redemption_count"> & { used: number };

const readState = (d1: D1Database, code: string, userId: string) =>
  d1
    .prepare(
      `SELECT p.credits, p.active, p.expires_at, p.max_redemptions, p.redemption_count,
         EXISTS (SELECT 1 FROM promo_redemptions r WHERE r.code = p.code AND r.user_id = ?) AS used
       FROM promo_codes p WHERE p.code = ?`,
    )
    .bind(userId, code)
    .first<CodeState>();

/** Why a redemption is refused, from the code's state. A code that has reached its overall cap reads as inactive. */
const refusal = (state: CodeState | null, now: number) => {
  if (!state || !state.active) return new AppError("not_found", M.invalid);
  if (state.used) return new AppError("duplicate", M.used);
  if (state.expires_at !== null && state.expires_at <= now) return new AppError("rule_violation", M.expired);
  if (state.max_redemptions !== null && state.redemption_count >= state.max_redemptions) return new AppError("not_found", M.invalid);
  return null;
};

export type Redemption = { body: { success: true; creditsAwarded: number; code: string }; events: LiveMessage[] };

/** What an Idempotency-Key's receipt keeps to answer a committed redemption again. */
export type PromoRef = { userId: string; code: string; credits: number; transactionId: string; createdAt: number };

const toRedemption = (ref: PromoRef, creditsRow: CreditsRow | null | undefined): Redemption => {
  const transaction = { id: ref.transactionId, amount: ref.credits, transactionType: "promo_code", description: `Promo code ${ref.code}`, createdAt: ref.createdAt };
  return { body: { success: true, creditsAwarded: ref.credits, code: ref.code }, events: creditEvents(toCredits(creditsRow), transaction) };
};

/**
 * The global part of a redemption, in the catalogue: the row that makes a code once per account (only while the code
 * is active, unexpired and under its cap, checked in SQL) and the cap's count, raised only by this request's row.
 */
const reservation = (catalogue: D1Database, userId: string, code: string, credits: number, transactionId: string, now: number) => [
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
    .prepare("UPDATE promo_codes SET redemption_count = redemption_count + 1 WHERE code = ? AND EXISTS (SELECT 1 FROM promo_redemptions WHERE transaction_id = ?)")
    .bind(code, transactionId),
];

/**
 * A redemption: the catalogue's row and count (reservation above) and the player's bonus grant, keyed
 * `promo:<code>:<user>`. Where the player's shard is the catalogue it is one batch, and a guard rolls everything back
 * if the row was refused, so concurrent redemptions can neither pass the cap nor credit an account twice. With several
 * shards the catalogue commits first; the shard's grant follows, and its key pays once however requests race. A
 * redemption whose grant never committed (the shard failed after the catalogue) is completed by the player's next
 * try, which finds the account's row and no grant; a grant that fails outright gives the row and its count back.
 */
export const redeemPromoCode = async (
  env: Env,
  userId: string,
  code: string,
  now: number,
  receipt: Receipt<PromoRef> = () => [],
): Promise<Redemption> => {
  const catalogue = env.DB;
  const d1 = playerDb(env, userId);
  const shared = d1 === catalogue;
  const state = await readState(catalogue, code, userId);
  // With several shards an account's row without its grant is a redemption to complete, not a used code.
  const completing = !shared && state?.used === 1 && !(await grantCommitted(d1, code, userId));
  const early = refusal(completing && state ? { ...state, used: 0 } : state, now);
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
  const money = [...movement.statements, assertInBatch(d1, MOVEMENT_APPLIED_SQL, movement.transactionId), ...receipt(ref)];
  try {
    if (shared) {
      const claimed = assertInBatch(d1, "EXISTS (SELECT 1 FROM promo_redemptions WHERE transaction_id = ?)", movement.transactionId);
      const { credits } = await batchNamed(d1, { writes: [...reserve, claimed, ...money], credits: creditsStatement(d1, userId) });
      return toRedemption(ref, credits.results[0]);
    }
    if (!completing) {
      const { row } = await batchNamed(catalogue, { reserve, row: typed<{ n: number }>(catalogue.prepare("SELECT 1 AS n FROM promo_redemptions WHERE transaction_id = ?").bind(movement.transactionId)) });
      if (row.results.length === 0) throw refusal(await readState(catalogue, code, userId), Date.now()) ?? new AppError("conflict", M.failed);
    }
    const { credits } = await batchNamed(d1, { writes: money, credits: creditsStatement(d1, userId) }).catch(async (error: unknown) => {
      if (!isBatchRefusal(error) && !completing) await releaseUnlessGranted(catalogue, d1, code, userId, movement.transactionId);
      throw error;
    });
    return toRedemption(ref, credits.results[0]);
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    throw refusal(await readState(catalogue, code, userId), Date.now()) ?? new AppError("conflict", M.failed);
  }
};

const grantKey = (code: string, userId: string) => `promo:${code}:${userId}`;

const grantCommitted = async (d1: D1Database, code: string, userId: string) =>
  (await d1.prepare("SELECT 1 AS n FROM credit_transactions WHERE idempotency_key = ?").bind(grantKey(code, userId)).first()) !== null;

/**
 * Gives back a use whose grant failed, and its place under the cap. A batch whose answer was lost may have committed,
 * and a shard that cannot say keeps the use: the player's next try completes it or finds it done.
 */
const releaseUnlessGranted = async (catalogue: D1Database, d1: D1Database, code: string, userId: string, transactionId: string) => {
  if (await grantCommitted(d1, code, userId).catch(() => true)) return;
  await catalogue.batch([
    catalogue
      .prepare("UPDATE promo_codes SET redemption_count = redemption_count - 1 WHERE code = ? AND EXISTS (SELECT 1 FROM promo_redemptions WHERE transaction_id = ?)")
      .bind(code, transactionId),
    catalogue.prepare("DELETE FROM promo_redemptions WHERE transaction_id = ?").bind(transactionId),
  ]);
};

/** The answer of a redemption that committed under an Idempotency-Key whose answer was lost; moves nothing. */
export const replayPromoCode = async (d1: D1Database, ref: PromoRef) => toRedemption(ref, await firstRow(creditsStatement(d1, ref.userId)));
