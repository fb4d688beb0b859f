import { and, desc, eq, gt, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { checkoutAttempts, creditTransactions, limitPeriods, playBlocks, playLimits, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { STAFF_PLAY_MESSAGE } from "#shared/staff";

export type LimitKind = "spend" | "purchase";
export type LimitPeriod = (typeof limitPeriods)[number];

export const PERIOD_MS: Record<LimitPeriod, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };
export const PERIOD_NAMES: Record<LimitPeriod, string> = { day: "daily", week: "weekly", month: "monthly" };
/** A raised limit, a removed one or the end of a self-exclusion waits this long. */
export const COOL_OFF_MS = 86_400_000;

/** SQL placeholders or expressions a rule is spliced into a caller's statement with. */
export type RuleBinds = { user: string; now: string };

/** True while the player may not play: on a break, or self-excluded and not yet back. */
export const blockedSql = ({ user, now }: RuleBinds) => `EXISTS (
  SELECT 1 FROM play_blocks b WHERE b.user_id = ${user}
    AND (b.break_until > ${now} OR (b.excluded_until IS NOT NULL AND (b.exclusion_ends_at IS NULL OR b.exclusion_ends_at > ${now}))))`;

/**
 * True for a staff account (every role but player): staff can award credits, resolve questions and fulfil
 * redemptions, so they may not pick, join contests or redeem (docs/product-rules.md).
 */
export const staffSql = (user: string) => `EXISTS (SELECT 1 FROM users s WHERE s.id = ${user} AND s.role <> 'player')`;

/** What a player's row of play_blocks says at `now`, as blockedSql reads it. */
const blockAt = (block: typeof playBlocks.$inferSelect | undefined, now: number) => ({
  onBreak: block?.breakUntil != null && block.breakUntil > now,
  excluded: block?.excludedUntil != null && (block.exclusionEndsAt === null || block.exclusionEndsAt > now),
});

/** Whether the player is on a break or self-excluded now: one small read, for screens that offer play. */
export const isPlayPaused = async (d1: D1Database, userId: string, now: number) => {
  const [block] = await createDb(d1).select().from(playBlocks).where(eq(playBlocks.userId, userId));
  const { onBreak, excluded } = blockAt(block, now);
  return onBreak || excluded;
};

const limitInForce = (kind: LimitKind, period: LimitPeriod, { user, now }: RuleBinds) => `(
  SELECT l.amount FROM play_limits l WHERE l.user_id = ${user} AND l.kind = '${kind}' AND l.period = '${period}' AND l.effective_at <= ${now}
  ORDER BY l.effective_at DESC, l.created_at DESC LIMIT 1)`;

/** Every spend counts toward a spend limit, a pick's and a contest's entry fee alike (docs/product-rules.md). */
const usedSince = (kind: LimitKind, period: LimitPeriod, { user, now }: RuleBinds) =>
  kind === "spend"
    ? `(SELECT COALESCE(-SUM(t.amount), 0) FROM credit_transactions t
        WHERE t.user_id = ${user} AND t.transaction_type = 'spend' AND t.created_at > ${now} - ${PERIOD_MS[period]})`
    : `(SELECT COALESCE(SUM(a.usd_cents), 0) FROM checkout_attempts a WHERE a.user_id = ${user} AND a.created_at > ${now} - ${PERIOD_MS[period]})`;

/**
 * True when `extra` more (0 when the movement is already written earlier in the batch) stays within every limit of
 * the kind in force. A player who never set a limit costs one index probe.
 */
export const withinLimitsSql = (kind: LimitKind, binds: RuleBinds, extra = "0") => `(
  NOT EXISTS (SELECT 1 FROM play_limits p WHERE p.user_id = ${binds.user} AND p.kind = '${kind}')
  OR (${limitPeriods
    .map(
      (period) =>
        `(${limitInForce(kind, period, binds)} IS NULL OR ${usedSince(kind, period, binds)} + ${extra} <= ${limitInForce(kind, period, binds)})`,
    )
    .join(" AND ")}))`;

export const PLAY_BLOCKED_MESSAGES = {
  break: "You are taking a break: picks, purchases and challenges are paused until it ends",
  exclusion: "You have excluded yourself from play: picks, purchases and challenges are closed to you",
} as const;

/** The player's block, limits in force and what they used of each, as the rules above read them. */
export const readPlayState = async (d1: D1Database, userId: string, now: number) => {
  const db = createDb(d1);
  const since = (period: LimitPeriod) => now - PERIOD_MS[period];
  // Each sum is named: a batch reads rows by column name, and day's and week's expressions print alike (bound `?`).
  const [[account], [block], settings, [spent], [bought]] = await db.batch([
    db.select({ role: users.role }).from(users).where(eq(users.id, userId)),
    db.select().from(playBlocks).where(eq(playBlocks.userId, userId)),
    db
      .select()
      .from(playLimits)
      .where(eq(playLimits.userId, userId))
      .orderBy(desc(playLimits.effectiveAt), desc(playLimits.createdAt)),
    db
      .select({
        day: sql<number>`COALESCE(-SUM(CASE WHEN ${creditTransactions.createdAt} > ${since("day")} THEN ${creditTransactions.amount} END), 0)`.as(
          "day",
        ),
        week: sql<number>`COALESCE(-SUM(CASE WHEN ${creditTransactions.createdAt} > ${since("week")} THEN ${creditTransactions.amount} END), 0)`.as(
          "week",
        ),
        month: sql<number>`COALESCE(-SUM(${creditTransactions.amount}), 0)`.as("month"),
      })
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.userId, userId),
          eq(creditTransactions.transactionType, "spend"),
          gt(creditTransactions.createdAt, since("month")),
        ),
      ),
    db
      .select({
        day: sql<number>`COALESCE(SUM(CASE WHEN ${checkoutAttempts.createdAt} > ${since("day")} THEN ${checkoutAttempts.usdCents} END), 0)`.as(
          "day",
        ),
        week: sql<number>`COALESCE(SUM(CASE WHEN ${checkoutAttempts.createdAt} > ${since("week")} THEN ${checkoutAttempts.usdCents} END), 0)`.as(
          "week",
        ),
        month: sql<number>`COALESCE(SUM(${checkoutAttempts.usdCents}), 0)`.as("month"),
      })
      .from(checkoutAttempts)
      .where(and(eq(checkoutAttempts.userId, userId), gt(checkoutAttempts.createdAt, since("month")))),
  ]);
  const limitOf = (kind: LimitKind, period: LimitPeriod) => {
    const mine = settings.filter((s) => s.kind === kind && s.period === period);
    const current = mine.find((s) => s.effectiveAt <= now);
    const pending = mine.find((s) => s.effectiveAt > now);
    const used = (kind === "spend" ? spent : bought)?.[period] ?? 0;
    return {
      kind,
      period,
      amount: current?.amount ?? null,
      used,
      pending: pending ? { amount: pending.amount, effectiveAt: pending.effectiveAt } : null,
    };
  };
  const limits = (["spend", "purchase"] as const).flatMap((kind) =>
    limitPeriods.map((period) => limitOf(kind, period)),
  );
  const { onBreak, excluded } = blockAt(block, now);
  const staff = account !== undefined && account.role !== "player";
  return { block: block ?? null, onBreak, excluded, staff, limits };
};

export type PlayState = Awaited<ReturnType<typeof readPlayState>>;

/** Why a staff account may not play (picks, contests, redemptions); null for a player. */
export const staffRefusal = (state: Pick<PlayState, "staff">) =>
  state.staff ? new AppError("forbidden", STAFF_PLAY_MESSAGE) : null;

/** Why the player may not play now, or may not move `amount` more of `kind`; null when nothing stands in the way. */
export const playRefusal = (state: PlayState, kind?: LimitKind, amount = 0) => {
  if (state.excluded) return new AppError("forbidden", PLAY_BLOCKED_MESSAGES.exclusion);
  if (state.onBreak) return new AppError("forbidden", PLAY_BLOCKED_MESSAGES.break);
  if (!kind) return null;
  const broken = state.limits.find((l) => l.kind === kind && l.amount !== null && l.used + amount > l.amount);
  if (!broken) return null;
  const what =
    kind === "spend"
      ? `${broken.amount} ${broken.amount === 1 ? "credit" : "credits"} on picks and contest entries`
      : `$${((broken.amount ?? 0) / 100).toFixed(2)} on purchases`;
  return new AppError("rule_violation", `This would go over your ${PERIOD_NAMES[broken.period]} limit of ${what}`, {
    field: "limit",
  });
};
