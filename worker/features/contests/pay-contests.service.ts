import { and, asc, count, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { CONTESTS_PER_RUN } from "../../config";
import { assertInBatch } from "../../db/batch-guard";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { contestEntries, contests } from "../../db/schema";
import { log } from "../../lib/log";
import { grant, MOVEMENT_APPLIED_SQL } from "../credits/ledger.service";
import { paidPlaces, prizeFor } from "./contest-prizes";
import { batchNamed } from "../../db/statement";
import { queueNotice } from "../notifications/push-deliveries";
import { copyContests } from "./contest-copies";
import { queueContestResults } from "./contest-results";
import { inPlayerBatches, mergedEntries } from "./contest-entries";

type DueContest = { id: string; title: string };
type Winner = { user_id: string; place: number; paid: number };
export type PaidPrize = {
  userId: string;
  transactionId: string;
  amount: number;
  description: string;
  createdAt: number;
};

const applied = (index: number) => MOVEMENT_APPLIED_SQL.replace("?", `?${index}`);

/** Freezes the standings: from here on settlement leaves the scores alone and no one can join, in any database. */
const close = async (data: DataContext, contestId: string, now: number) => {
  await createDb(data.catalogue)
    .update(contests)
    .set({ closedAt: now })
    .where(and(eq(contests.id, contestId), isNull(contests.closedAt), lte(contests.endsAt, now)));
  await copyContests(data, [contestId]);
};

/** How many entries of the contest every player database holds, summed; `paidOnly` counts those whose prize was paid. */
const countEntries = async (data: DataContext, contestId: string, { paidOnly = false } = {}) => {
  const counts = await Promise.all(
    data.players().map(({ db }) =>
      createDb(db)
        .select({ n: count() })
        .from(contestEntries)
        .where(
          and(eq(contestEntries.contestId, contestId), paidOnly ? isNotNull(contestEntries.prizePaidAt) : undefined),
        ),
    ),
  );
  return counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
};

/** The paying places in order, and how many entered, over every database: each one's best entries, as many as could pay. */
const readWinners = async (data: DataContext, contestId: string) => {
  const entrants = await countEntries(data, contestId);
  const places = paidPlaces(entrants);
  const best = await mergedEntries(data, contestId, places);
  const winners: Winner[] = best
    .slice(0, places)
    .map((row, i) => ({ user_id: row.userId, place: i + 1, paid: row.paid }));
  return { entrants, unpaid: winners.filter((winner) => !winner.paid) };
};

/**
 * Per winner: the bonus grant (key `contest-prize:<contestId>:<userId>`), the points it adds to the all-time board
 * and the entry's paid mark, the last two only when the grant itself happened. A second run, or two at once, finds
 * the key taken and changes nothing.
 */
const payBatch = async (d1: D1Database, contest: DueContest, winners: Winner[], entrants: number, now: number) => {
  const paid: PaidPrize[] = [];
  const grants: D1PreparedStatement[] = [];
  const marks: D1PreparedStatement[] = [];
  const notices: D1PreparedStatement[] = [];
  for (const winner of winners) {
    const amount = prizeFor(winner.place, entrants);
    const description = `Contest prize: ${contest.title} (#${winner.place})`;
    const movement = grant(d1, {
      userId: winner.user_id,
      amount,
      transactionType: "bonus",
      source: "bonus",
      idempotencyKey: `contest-prize:${contest.id}:${winner.user_id}`,
      description,
      now,
    });
    grants.push(
      ...movement.statements,
      d1
        .prepare(
          `INSERT INTO leaderboard_totals (user_id, prize_points) SELECT ?1, ?2 WHERE ${applied(3)}
           ON CONFLICT (user_id) DO UPDATE SET prize_points = prize_points + excluded.prize_points`,
        )
        .bind(winner.user_id, amount, movement.transactionId),
    );
    notices.push(
      queueNotice(
        d1,
        winner.user_id,
        `contest:${contest.id}`,
        { kind: "contest", contestId: contest.id, contestTitle: contest.title, place: winner.place, prize: amount },
        now,
      ),
    );
    paid.push({ userId: winner.user_id, transactionId: movement.transactionId, amount, description, createdAt: now });
    marks.push(
      d1
        .prepare(
          `UPDATE contest_entries SET final_rank = ?1, prize = ?2, prize_paid_at = ?3
           WHERE contest_id = ?4 AND user_id = ?5 AND prize_paid_at IS NULL AND ${applied(6)}`,
        )
        .bind(winner.place, amount, now, contest.id, winner.user_id, movement.transactionId),
    );
  }
  const { marked } = await batchNamed(d1, {
    closed: assertInBatch(d1, "EXISTS (SELECT 1 FROM contests WHERE id = ? AND closed_at IS NOT NULL)", contest.id),
    grants,
    // After every grant: each winner's entry update checks that its own grant happened.
    marked: marks,
    notices,
  });
  // Each winner's entry update changed a row exactly when this run paid them.
  return paid.filter((_prize, i) => marked[i]?.meta.changes === 1);
};

/**
 * Closes, then pays one contest as far as it can, each winner in their own database; `paid_at` marks it done once
 * every paying place holds its prize.
 */
const settleContest = async (data: DataContext, contest: DueContest, now: number) => {
  await close(data, contest.id, now);
  const { entrants, unpaid } = await readWinners(data, contest.id);
  const paid = await inPlayerBatches(
    data,
    unpaid,
    (winner) => winner.user_id,
    (db, winners) => payBatch(db, contest, winners, entrants, now),
  );
  if ((await countEntries(data, contest.id, { paidOnly: true })) >= paidPlaces(entrants)) {
    // Before `paid_at`: a run that fails between the two queues again, and the notices' key keeps it to one each.
    await queueContestResults(data, contest, now);
    await createDb(data.catalogue)
      .update(contests)
      .set({ paidAt: now })
      .where(and(eq(contests.id, contest.id), isNull(contests.paidAt), isNotNull(contests.closedAt)));
    await copyContests(data, [contest.id]);
  }
  return paid;
};

/** The cron's pass: every contest that has ended and is not yet fully paid, oldest end first. */
export const payDueContests = async (
  data: DataContext,
  now: number,
  onPaid: (prizes: PaidPrize[]) => Promise<void>,
) => {
  const due = await createDb(data.catalogue)
    .select({ id: contests.id, title: contests.title })
    .from(contests)
    .where(and(isNull(contests.paidAt), lte(contests.endsAt, now)))
    .orderBy(asc(contests.endsAt))
    .limit(CONTESTS_PER_RUN);
  const summary = { due: due.length, prizes: 0, failed: 0 };
  for (const contest of due) {
    try {
      const paid = await settleContest(data, contest, now);
      summary.prizes += paid.length;
      if (paid.length > 0) await onPaid(paid);
    } catch (error) {
      summary.failed += 1;
      log("error", "contest_payout_failed", { contestId: contest.id, error: String(error) });
    }
  }
  return summary;
};
