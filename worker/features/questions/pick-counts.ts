import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { questions } from "../../db/schema";

/** Picks are taken until the deadline; a question is folded for a while after it so the last picks are counted. */
const FOLD_AFTER_DEADLINE_MS = 10 * 60 * 1000;
/**
 * D1 caps a bound string at 2 MB, and a question's sums take about a hundred bytes of JSON: folding every open question
 * in one statement would fail for good at about 20,000 of them. Folded this many at a time, each text stays near 200 KB.
 */
const FOLD_CHUNK = 2_000;

type Counts = { id: string; pick_count: number; yes_count: number; no_count: number };

/** The ids as one bound JSON text: a list of any length binds one value, where D1 allows 100 a statement. */
const amongIds = (questionIds: readonly string[]) =>
  inArray(questions.id, sql`(SELECT value FROM json_each(${JSON.stringify(questionIds)}))`);

/** Each question's counters summed over every player database (each counts only its own players' picks). */
export const summedCounts = async (data: DataContext, questionIds: readonly string[]) => {
  const perDatabase = await Promise.all(
    data.players().map(({ db }) =>
      createDb(db)
        .select({
          id: questions.id,
          pickCount: questions.pickCount,
          yesCount: questions.yesCount,
          noCount: questions.noCount,
        })
        .from(questions)
        .where(amongIds(questionIds)),
    ),
  );
  const sums = new Map<string, Counts>(questionIds.map((id) => [id, { id, pick_count: 0, yes_count: 0, no_count: 0 }]));
  for (const row of perDatabase.flat()) {
    const sum = sums.get(row.id)!;
    sum.pick_count += row.pickCount;
    sum.yes_count += row.yesCount;
    sum.no_count += row.noCount;
  }
  return sums;
};

type Counted = {
  id: string;
  status: string;
  deadline: number;
  pickCount: number;
  yesCount: number;
  noCount: number;
  countsFoldedAt: number;
};

/**
 * Closed questions' counters summed over the player databases as they are read (one read of each database for all the
 * rows). The fold stops soon after the deadline, so an outcome set before the next fold (or picks in its last minute)
 * would leave the catalogue's copy short for good, and a closed question's counts are shown to everyone (the admin's
 * list included). Marked as folded now, so the viewer's own pick is not added twice. Open questions keep the fold's.
 */
export const withSummedCountsOf = async <R extends Counted>(
  data: DataContext,
  rows: readonly R[],
  now = Date.now(),
): Promise<R[]> => {
  const closed = rows.filter((row) => !(row.status === "published" && row.deadline > now)).map(({ id }) => id);
  if (data.playersInCatalogue || closed.length === 0) return [...rows];
  const sums = await summedCounts(data, closed);
  return rows.map((row) => {
    const sum = sums.get(row.id);
    if (!sum) return row;
    return { ...row, pickCount: sum.pick_count, yesCount: sum.yes_count, noCount: sum.no_count, countsFoldedAt: now };
  });
};

/** withSummedCountsOf for one question (its page). */
export const withSummedCounts = async <R extends Counted>(data: DataContext, row: R, now = Date.now()): Promise<R> =>
  (await withSummedCountsOf(data, [row], now))[0]!;

const foldChunk = async (data: DataContext, questionIds: readonly string[]) => {
  const foldedAt = Date.now();
  const sums = await summedCounts(data, questionIds);
  const written = await data.catalogue
    .prepare(
      `UPDATE questions SET pick_count = s.pick_count, yes_count = s.yes_count, no_count = s.no_count, counts_folded_at = ?2
       FROM (SELECT value ->> 'id' AS id, value ->> 'pick_count' AS pick_count, value ->> 'yes_count' AS yes_count,
               value ->> 'no_count' AS no_count FROM json_each(?1)) AS s
       WHERE questions.id = s.id
         AND (questions.pick_count <> s.pick_count OR questions.yes_count <> s.yes_count OR questions.no_count <> s.no_count)`,
    )
    .bind(JSON.stringify([...sums.values()]), foldedAt)
    .run();
  return written.meta.changes;
};

/**
 * A pick raises its question's pick count and the crowd's split in the player's database, in the pick's own batch.
 * Every minute the open questions' counters are summed over the player databases into the catalogue, which the feed
 * (its popularity sort included) reads; only the questions whose sums changed are written, with the time their sums
 * were read, so a viewer's own pick made since is added to the card they see (`withViewerOwn`).
 */
export const foldPickCounts = async (data: DataContext, now: number) => {
  if (data.playersInCatalogue) return { questions: 0, changed: 0 };
  const open = await createDb(data.catalogue)
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.status, "published"), gt(questions.deadline, now - FOLD_AFTER_DEADLINE_MS)));
  let changed = 0;
  for (let start = 0; start < open.length; start += FOLD_CHUNK) {
    changed += await foldChunk(
      data,
      open.slice(start, start + FOLD_CHUNK).map(({ id }) => id),
    );
  }
  return { questions: open.length, changed };
};
