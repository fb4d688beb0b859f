import { shardMap } from "../../db/shards";

/** Picks are taken until the deadline; a question is folded for a while after it so the last picks are counted. */
const FOLD_AFTER_DEADLINE_MS = 10 * 60 * 1000;
/**
 * D1 caps a bound string at 2 MB, and a question's sums take about a hundred bytes of JSON: folding every open question
 * in one statement would fail for good at about 20,000 of them. Folded this many at a time, each text stays near 200 KB.
 */
const FOLD_CHUNK = 2_000;

type Counts = { id: string; pick_count: number; yes_count: number; no_count: number };

/** Each question's counters summed over every user shard (a shard counts only its own players' picks). */
export const countsOverShards = async (env: Env, questionIds: readonly string[]) => {
  const ids = JSON.stringify(questionIds);
  const perShard = await Promise.all(
    shardMap(env).shards.map(({ db }) =>
      db
        .prepare("SELECT id, pick_count, yes_count, no_count FROM questions WHERE id IN (SELECT value FROM json_each(?))")
        .bind(ids)
        .all<Counts>(),
    ),
  );
  const sums = new Map<string, Counts>(questionIds.map((id) => [id, { id, pick_count: 0, yes_count: 0, no_count: 0 }]));
  for (const { results } of perShard) {
    for (const row of results) {
      const sum = sums.get(row.id)!;
      sum.pick_count += row.pick_count;
      sum.yes_count += row.yes_count;
      sum.no_count += row.no_count;
    }
  }
  return sums;
};

type Counted = { id: string; status: string; deadline: number; pickCount: number; yesCount: number; noCount: number; countsFoldedAt: number };

/**
 * One closed question's counters summed over the shards as it is read. The fold stops soon after the deadline, so an
 * outcome set before the next fold (or picks in its last minute) would leave the catalogue's copy short for good, and
 * a closed question's split is shown to everyone. Marked as folded now, so the viewer's own pick is not added twice.
 */
export const withShardCounts = async <R extends Counted>(env: Env, row: R, now = Date.now()): Promise<R> => {
  if (shardMap(env).sharesCatalogue || (row.status === "published" && row.deadline > now)) return row;
  const sums = (await countsOverShards(env, [row.id])).get(row.id)!;
  return { ...row, pickCount: sums.pick_count, yesCount: sums.yes_count, noCount: sums.no_count, countsFoldedAt: now };
};

const foldChunk = async (env: Env, questionIds: readonly string[]) => {
  const foldedAt = Date.now();
  const sums = await countsOverShards(env, questionIds);
  const written = await env.DB.prepare(
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
 * A pick raises its question's pick count and the crowd's split on the player's shard, in the pick's own batch. Every
 * minute the open questions' counters are summed over the shards into the catalogue, which the feed (its popularity
 * sort included) reads; only the questions whose sums changed are written, with the time their sums were read, so a
 * viewer's own pick made since is added to the card they see (`withViewerOwn`).
 */
export const foldPickCounts = async (env: Env, now: number) => {
  const map = shardMap(env);
  if (map.sharesCatalogue) return { questions: 0, changed: 0 };
  const { results: open } = await env.DB.prepare("SELECT id FROM questions WHERE status = 'published' AND deadline > ?")
    .bind(now - FOLD_AFTER_DEADLINE_MS)
    .all<{ id: string }>();
  let changed = 0;
  for (let start = 0; start < open.length; start += FOLD_CHUNK) {
    changed += await foldChunk(env, open.slice(start, start + FOLD_CHUNK).map(({ id }) => id));
  }
  return { questions: open.length, changed };
};
