import { and, desc, eq, or, sql } from "drizzle-orm";
import { createDb, type Db } from "../../db/client";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { creditTransactions, giftCardRedemptions, questions, userCredits, userPicks, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Keyset } from "../../lib/cursor";
import { auditStatement } from "../admin-audit/admin-audit";
import { auditEntries } from "../admin-audit/audit-log.query";
import { adjust, commitMovement, MOVEMENT_APPLIED_SQL } from "../credits/ledger.service";
import type { AdjustCredits } from "./admin-players.schemas";

const RECENT = 50;
const EMPTY_CREDITS = { balance: 0, redeemable: 0, totalEarned: 0, totalSpent: 0 };

const summaryColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  country: users.country,
  role: users.role,
  emailConfirmedAt: users.emailConfirmedAt,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
};

const creditColumns = {
  balance: userCredits.balance,
  redeemable: userCredits.redeemable,
  totalEarned: userCredits.totalEarned,
  totalSpent: userCredits.totalSpent,
};

/** A ledger row as an admin reads it (the AdminLedgerEntry shape). */
const ledgerEntryColumns = {
  id: creditTransactions.id,
  amount: creditTransactions.amount,
  transactionType: creditTransactions.transactionType,
  source: creditTransactions.source,
  description: creditTransactions.description,
  questionId: creditTransactions.questionId,
  createdAt: creditTransactions.createdAt,
};

/** Players newest first, searched by email or username (instr: D1 refuses long LIKE patterns). */
export const listPlayers = (db: Db, q: string | undefined, after: Keyset | null, limit: number) => {
  const needle = q?.toLowerCase();
  return db
    .select(summaryColumns)
    .from(users)
    .where(
      and(
        needle ? or(sql`instr(lower(${users.email}), ${needle}) > 0`, sql`instr(lower(${users.username}), ${needle}) > 0`) : undefined,
        afterKeyset(users, after),
      ),
    )
    .orderBy(...newestFirst(users))
    .limit(limit);
};

/** Everything an admin needs about one player, in one batch: who, their credits, ledger, picks, redemptions and audit. */
export const readPlayer = async (db: Db, userId: string) => {
  const [[player], [credits], transactions, picks, redemptions, audit] = await db.batch([
    db.select(summaryColumns).from(users).where(eq(users.id, userId)),
    db.select(creditColumns).from(userCredits).where(eq(userCredits.userId, userId)),
    db
      .select(ledgerEntryColumns)
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId))
      .orderBy(...newestFirst(creditTransactions))
      .limit(RECENT),
    db
      .select({
        id: userPicks.id,
        questionId: userPicks.questionId,
        choice: userPicks.choice,
        creditsSpent: userPicks.creditsSpent,
        status: userPicks.status,
        actualPayout: userPicks.actualPayout,
        createdAt: userPicks.createdAt,
        questionTitle: questions.title,
      })
      .from(userPicks)
      .leftJoin(questions, eq(questions.id, userPicks.questionId))
      .where(eq(userPicks.userId, userId))
      .orderBy(desc(userPicks.createdAt))
      .limit(RECENT),
    db
      .select({
        id: giftCardRedemptions.id,
        kind: giftCardRedemptions.kind,
        creditsSpent: giftCardRedemptions.creditsSpent,
        valueCents: giftCardRedemptions.valueCents,
        status: giftCardRedemptions.status,
        note: giftCardRedemptions.note,
        createdAt: giftCardRedemptions.createdAt,
      })
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.userId, userId))
      .orderBy(desc(giftCardRedemptions.createdAt))
      .limit(RECENT),
    auditEntries(db, { subjectUserId: userId }, null, RECENT),
  ]);
  if (!player) throw new AppError("not_found", "User not found");
  return { player, credits: credits ?? EMPTY_CREDITS, transactions, picks, redemptions, audit };
};

type Adjustment = AdjustCredits & { userId: string; adminId: string; now: number };

/**
 * Awards or deducts credits as one ledger movement with its audit entry in the same batch, written only when the
 * movement was (so a repeat of the same adjustment id moves nothing and audits nothing). A deduction is refused in
 * SQL when the balance cannot cover it.
 */
export const adjustCredits = async (d1: D1Database, { userId, adminId, adjustmentId, amount, reason, now }: Adjustment) => {
  const db = createDb(d1);
  const [player] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  if (!player || player.deletedAt !== null) throw new AppError("not_found", "User not found");

  const idempotencyKey = `admin_adjustment:${adjustmentId}`;
  const movement = adjust(d1, { userId, amount, idempotencyKey, description: `Adjusted by an admin: ${reason}`, now });
  const audit = auditStatement(
    d1,
    { adminId, action: amount > 0 ? "credits_awarded" : "credits_deducted", entity: "user", entityId: userId, before: null, after: { amount }, reason, subjectUserId: userId, now },
    { sql: MOVEMENT_APPLIED_SQL, params: [movement.transactionId] },
  );
  const { applied } = await commitMovement(d1, movement, { after: [audit] });

  const [[row], [credits]] = await db.batch([
    db.select({ ...ledgerEntryColumns, owner: creditTransactions.userId }).from(creditTransactions).where(eq(creditTransactions.idempotencyKey, idempotencyKey)),
    db.select(creditColumns).from(userCredits).where(eq(userCredits.userId, userId)),
  ]);
  if (!row) throw new AppError("insufficient_credits", "The player's balance cannot cover this deduction");
  if (row.owner !== userId || row.amount !== amount) {
    throw new AppError("conflict", "This adjustment id was already used for a different change");
  }
  const { owner: _owner, ...transaction } = row;
  return { transaction, credits: credits ?? EMPTY_CREDITS, duplicate: !applied };
};

