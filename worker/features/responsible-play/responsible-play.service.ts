import { and, eq, gt, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { playBlocks, playLimits } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { COOL_OFF_MS, readPlayState, type LimitKind, type LimitPeriod, type PlayState } from "../play-rules/play-rules";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const BREAKS = { "24h": DAY, "7d": 7 * DAY, "30d": 30 * DAY } as const;
export const EXCLUSIONS = { "6m": 182 * DAY, permanent: null } as const;
/** A permanent exclusion's end: never reached. */
const FOREVER = 253_402_300_799_000;

export type BreakLength = keyof typeof BREAKS;
export type ExclusionLength = keyof typeof EXCLUSIONS;

/** What the profile shows: each limit with its use and any change waiting for its cool-off, the break, the exclusion. */
export const toPlayView = ({ limits, block, onBreak, excluded }: PlayState) => ({
  limits,
  breakUntil: onBreak ? (block?.breakUntil ?? null) : null,
  exclusion:
    excluded && block?.excludedUntil
      ? {
          until: block.excludedUntil === FOREVER ? null : block.excludedUntil,
          permanent: block.excludedUntil === FOREVER,
          endsAt: block.exclusionEndsAt,
        }
      : null,
});

export const readPlay = async (d1: D1Database, userId: string, now: number) =>
  toPlayView(await readPlayState(d1, userId, now));

/**
 * A lower limit (or a first one) holds at once; a higher one, or none, only after the cool-off, so a limit cannot be
 * lifted in the heat of the moment. A new setting replaces one still waiting.
 */
export const setLimit = async (
  d1: D1Database,
  userId: string,
  kind: LimitKind,
  period: LimitPeriod,
  amount: number | null,
  now: number,
) => {
  const current =
    (await readPlayState(d1, userId, now)).limits.find((l) => l.kind === kind && l.period === period)?.amount ?? null;
  const tighter = amount !== null && (current === null || amount <= current);
  const db = createDb(d1);
  await db.batch([
    db
      .delete(playLimits)
      .where(
        and(
          eq(playLimits.userId, userId),
          eq(playLimits.kind, kind),
          eq(playLimits.period, period),
          gt(playLimits.effectiveAt, now),
        ),
      ),
    db.insert(playLimits).values({
      id: newId(),
      userId,
      kind,
      period,
      amount,
      effectiveAt: tighter ? now : now + COOL_OFF_MS,
      createdAt: now,
    }),
  ]);
  return readPlay(d1, userId, now);
};

/** A break starts at once and can only be lengthened, never cut short. */
export const startBreak = async (d1: D1Database, userId: string, length: BreakLength, now: number) => {
  const until = now + BREAKS[length];
  await createDb(d1)
    .insert(playBlocks)
    .values({ userId, breakUntil: until, updatedAt: now })
    .onConflictDoUpdate({
      target: playBlocks.userId,
      set: { breakUntil: sql`MAX(COALESCE(${playBlocks.breakUntil}, 0), ${until})`, updatedAt: now },
    });
  return readPlay(d1, userId, now);
};

/** A self-exclusion starts at once, can only be lengthened, and any request to come back is withdrawn. */
export const selfExclude = async (d1: D1Database, userId: string, length: ExclusionLength, now: number) => {
  const span = EXCLUSIONS[length];
  const until = span === null ? FOREVER : now + span;
  await createDb(d1)
    .insert(playBlocks)
    .values({ userId, excludedUntil: until, updatedAt: now })
    .onConflictDoUpdate({
      target: playBlocks.userId,
      set: {
        excludedUntil: sql`MAX(COALESCE(${playBlocks.excludedUntil}, 0), ${until})`,
        exclusionEndsAt: null,
        updatedAt: now,
      },
    });
  return readPlay(d1, userId, now);
};

/** After a timed self-exclusion has run its course, the player may ask to come back: play returns a day later. */
export const endExclusion = async (d1: D1Database, userId: string, now: number) => {
  const [ended] = await createDb(d1)
    .update(playBlocks)
    .set({ exclusionEndsAt: now + COOL_OFF_MS, updatedAt: now })
    .where(
      and(
        eq(playBlocks.userId, userId),
        sql`${playBlocks.excludedUntil} <= ${now}`,
        sql`${playBlocks.exclusionEndsAt} IS NULL`,
      ),
    )
    .returning({ userId: playBlocks.userId });
  if (!ended) {
    const { exclusion } = await readPlay(d1, userId, now);
    if (!exclusion) throw new AppError("rule_violation", "You are not excluded from play");
    if (exclusion.permanent) throw new AppError("rule_violation", "A permanent self-exclusion cannot be ended");
    if (exclusion.endsAt) throw new AppError("rule_violation", "Your return is already on its way");
    throw new AppError("rule_violation", "Your self-exclusion has not run its course yet");
  }
  return readPlay(d1, userId, now);
};
