import { ADMIN_DASHBOARD_DAYS } from "../../config";
import type { DataContext } from "../../db/data-context";
import { dayWindow } from "../../db/days";
import { batchNamed, type NamedResults } from "../../db/statement";
import { sumFields } from "../../lib/sum-fields";
import {
  challengesWaiting,
  picksPerDay,
  purchasesPerDay,
  redeemableCredits,
  redemptionsPerDay,
} from "./admin-dashboard.query";
import { pendingRedemptions, settlementQueue } from "./admin-health.query";

/** What each player database adds up for the window: its daily counts, its players' redeemable credits, its queues. */
const playerStatements = (d1: D1Database, since: number) => ({
  picks: picksPerDay(d1, since),
  purchases: purchasesPerDay(d1, since),
  redemptions: redemptionsPerDay(d1, since),
  redeemable: redeemableCredits(d1),
  queue: settlementQueue(d1),
  pending: pendingRedemptions(d1),
});

type PlayerPart = NamedResults<ReturnType<typeof playerStatements>>;
const catalogueStatements = (d1: D1Database) => ({ queue: settlementQueue(d1), challenges: challengesWaiting(d1) });
type CataloguePart = NamedResults<ReturnType<typeof catalogueStatements>>;

const EMPTY_DAY = { picks: 0, purchases: 0, purchasedCredits: 0, redemptions: 0, redeemedCredits: 0 };
type DayTotals = typeof EMPTY_DAY;

/** Each database's daily rows, added up by day over every database, one entry per day of the window. */
const dailyTotals = (days: readonly string[], parts: readonly PlayerPart[]) => {
  const totals = new Map(days.map((day) => [day, { ...EMPTY_DAY }]));
  const add = (day: string, values: Partial<DayTotals>) => {
    const total = totals.get(day);
    if (!total) return;
    for (const [key, value] of Object.entries(values)) total[key as keyof DayTotals] += value ?? 0;
  };
  for (const part of parts) {
    for (const row of part.picks) add(row.day, { picks: row.picks });
    for (const row of part.purchases) add(row.day, { purchases: row.purchases, purchasedCredits: row.credits });
    for (const row of part.redemptions) add(row.day, { redemptions: row.redemptions, redeemedCredits: row.credits });
  }
  return days.map((day) => ({ day, ...totals.get(day)! }));
};

/**
 * The catalogue's settlement queue and challenges, and each player database's part: one batch where the players are in
 * the catalogue, otherwise the catalogue and every player database side by side (as the health page reads them).
 */
const readParts = async (
  data: DataContext,
  since: number,
): Promise<{ catalogue: CataloguePart; parts: PlayerPart[] }> => {
  const { catalogue } = data;
  if (data.playersInCatalogue) {
    const { challenges, ...part } = await batchNamed(catalogue, {
      ...playerStatements(catalogue, since),
      challenges: challengesWaiting(catalogue),
    });
    return { catalogue: { queue: part.queue, challenges }, parts: [part] };
  }
  const [fromCatalogue, parts] = await Promise.all([
    batchNamed(catalogue, catalogueStatements(catalogue)),
    Promise.all(data.players().map(({ db }): Promise<PlayerPart> => batchNamed(db, playerStatements(db, since)))),
  ]);
  return { catalogue: fromCatalogue, parts };
};

/** The admin panel's first view: the last days' activity and money, what the game owes, and what waits for someone. */
export const readDashboard = async (data: DataContext, now: number) => {
  const { since, days } = dayWindow(now, ADMIN_DASHBOARD_DAYS);
  const { catalogue, parts } = await readParts(data, since);
  const totals = sumFields(
    { redeemable: 0, picks: 0, pending: 0 },
    parts.map((part) => ({
      redeemable: part.redeemable[0]?.credits ?? 0,
      picks: part.queue[0]?.picks ?? 0,
      pending: part.pending[0]?.pending ?? 0,
    })),
  );
  const queue = catalogue.queue[0];
  const oldestChangeAt = queue?.oldestChangeAt ?? null;
  return {
    generatedAt: now,
    days: dailyTotals(days, parts),
    redeemableCredits: totals.redeemable,
    settlement: {
      questions: queue?.questions ?? 0,
      picks: totals.picks,
      oldestChangeAt,
      lagMs: oldestChangeAt === null ? null : Math.max(0, now - oldestChangeAt),
    },
    pendingRedemptions: totals.pending,
    challenges: { challenged: catalogue.challenges[0]?.challenged ?? 0, alerts: catalogue.challenges[0]?.alerts ?? 0 },
  };
};
