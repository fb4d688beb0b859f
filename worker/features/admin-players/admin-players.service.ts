import { and, desc, eq, or, sql } from "drizzle-orm";
import { createDb, type Db } from "../../db/client";
import { boundQuery } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { afterKeyset, newestFirst } from "../../db/keyset";
import {
  creditAdjustments,
  creditTransactions,
  giftCardRedemptions,
  questions,
  userCredits,
  userPicks,
  users,
} from "../../db/schema";
import { AppError } from "../../lib/errors";
import { PLAYER_MOVING_MESSAGE } from "../../db/write-pause";
import type { Keyset } from "../../lib/cursor";
import { auditStatement, type AuditEntry } from "../admin-audit/admin-audit";
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

/**
 * Players newest first from the directory (the catalogue's row of every player), searched by email or username
 * (instr: D1 refuses long LIKE patterns).
 */
export const listPlayers = (db: Db, q: string | undefined, after: Keyset | null, limit: number) => {
  const needle = q?.toLowerCase();
  return db
    .select(summaryColumns)
    .from(users)
    .where(
      and(
        needle
          ? or(sql`instr(lower(${users.email}), ${needle}) > 0`, sql`instr(lower(${users.username}), ${needle}) > 0`)
          : undefined,
        afterKeyset(users, after),
      ),
    )
    .orderBy(...newestFirst(users))
    .limit(limit);
};

/**
 * Everything an admin needs about one player: who they are and the audit entries about them from the catalogue, their
 * credits, ledger, picks and redemptions from their own database (one batch where the two are one database).
 */
export const readPlayer = async (data: DataContext, userId: string) => {
  const { player, credits, transactions, picks, redemptions, audit } = await data.readCatalogueAndPlayer(
    userId,
    (catalogue) => {
      const db = createDb(catalogue);
      return {
        player: boundQuery(catalogue, db.select(summaryColumns).from(users).where(eq(users.id, userId))),
        audit: boundQuery(catalogue, auditEntries(db, { subjectUserId: userId }, null, RECENT)),
      };
    },
    (d1) => {
      const db = createDb(d1);
      return {
        credits: boundQuery(d1, db.select(creditColumns).from(userCredits).where(eq(userCredits.userId, userId))),
        transactions: boundQuery(
          d1,
          db
            .select(ledgerEntryColumns)
            .from(creditTransactions)
            .where(eq(creditTransactions.userId, userId))
            .orderBy(...newestFirst(creditTransactions))
            .limit(RECENT),
        ),
        picks: boundQuery(
          d1,
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
        ),
        redemptions: boundQuery(
          d1,
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
        ),
      };
    },
  );
  if (!player[0]) throw new AppError("not_found", "User not found");
  return { player: player[0], credits: credits[0] ?? EMPTY_CREDITS, transactions, picks, redemptions, audit };
};

type Adjustment = AdjustCredits & { userId: string; adminId: string; now: number };

const ADJUSTMENT_REUSED = "This adjustment id was already used for a different change";

/**
 * Claims the adjustment id in the catalogue, once across every player and database. A repeat of the same change (same
 * player and amount) goes on, so a retry completes a movement an earlier attempt did not; anything else is refused.
 */
const claimAdjustmentId = async (catalogue: D1Database, { adjustmentId, adminId, userId, amount, now }: Adjustment) => {
  const db = createDb(catalogue);
  const [, [claimed]] = await db.batch([
    db
      .insert(creditAdjustments)
      .values({ id: adjustmentId, adminId, userId, amount, createdAt: now })
      .onConflictDoNothing(),
    db.select().from(creditAdjustments).where(eq(creditAdjustments.id, adjustmentId)),
  ]);
  if (!claimed || claimed.userId !== userId || claimed.amount !== amount)
    throw new AppError("conflict", ADJUSTMENT_REUSED);
};

/**
 * Awards or deducts credits as one ledger movement in the player's database, with its audit entry in the catalogue,
 * written only when the movement was (so a repeat of the same adjustment id moves nothing and audits nothing). A
 * deduction is refused in SQL when the balance cannot cover it. The entry is named after the movement's ledger row.
 * Where the player's database is the catalogue, the entry is in the movement's batch; otherwise it follows the
 * movement's commit, and a repeat of the adjustment writes it if an earlier attempt could not, never twice.
 */
export const adjustCredits = async (data: DataContext, adjustment: Adjustment) => {
  const { userId, adminId, adjustmentId, amount, reason, now } = adjustment;
  const { catalogue } = data;
  const [player] = await createDb(catalogue)
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!player || player.deletedAt !== null) throw new AppError("not_found", "User not found");
  await claimAdjustmentId(catalogue, adjustment);

  const d1 = data.writablePlayer(userId, PLAYER_MOVING_MESSAGE);
  const together = d1 === catalogue;
  const idempotencyKey = `admin_adjustment:${adjustmentId}`;
  const movement = adjust(d1, { userId, amount, idempotencyKey, description: `Adjusted by an admin: ${reason}`, now });
  const entry = (ledgerRowId: string): AuditEntry => ({
    id: ledgerRowId,
    adminId,
    action: amount > 0 ? "credits_awarded" : "credits_deducted",
    entity: "user",
    entityId: userId,
    before: null,
    after: { amount },
    reason,
    subjectUserId: userId,
    now,
  });
  const applies = { sql: MOVEMENT_APPLIED_SQL, params: [movement.transactionId] };
  const after = together ? [auditStatement(d1, entry(movement.transactionId), applies)] : [];
  const { applied } = await commitMovement(d1, movement, { after });

  const db = createDb(d1);
  const [[row], [credits]] = await db.batch([
    db
      .select({ ...ledgerEntryColumns, owner: creditTransactions.userId })
      .from(creditTransactions)
      .where(eq(creditTransactions.idempotencyKey, idempotencyKey)),
    db.select(creditColumns).from(userCredits).where(eq(userCredits.userId, userId)),
  ]);
  if (!row) throw new AppError("insufficient_credits", "The player's balance cannot cover this deduction");
  if (row.owner !== userId || row.amount !== amount) {
    throw new AppError("conflict", ADJUSTMENT_REUSED);
  }
  if (!together) await auditStatement(catalogue, entry(row.id)).run();
  const { owner: _owner, ...transaction } = row;
  return { transaction, credits: credits ?? EMPTY_CREDITS, duplicate: !applied };
};
