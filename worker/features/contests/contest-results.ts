import { CONTEST_PRIZES_PER_BATCH } from "../../config";
import { shardMap } from "../../db/shards";
import { queueNotice } from "../notifications/push-outbox";
import { standingsOrder } from "./contest-view";

type Contest = { id: string; title: string };
type Entry = { userId: string; score: number; joinedAt: number };

/**
 * Tells every entrant without a prize where they finished, once the contest is fully paid: winners already heard with
 * their prize, in the batch that paid it. The places come from the standings merged over every shard, as the payout's
 * do. The notice shares the winners' key (`contest:<id>`), so a run repeated after a failure queues nothing twice.
 * Only entrants with a device that wants contest notices get a row (queueNotice's SELECT), so a batch costs little.
 */
export const queueContestResults = async (env: Env, contest: Contest, now: number) => {
  const shards = shardMap(env).shards;
  const perShard = await Promise.all(
    shards.map(async ({ db }) => {
      const { results } = await db
        .prepare(
          `SELECT user_id AS userId, score, joined_at AS joinedAt, prize_paid_at IS NOT NULL AS paid FROM contest_entries WHERE contest_id = ?`,
        )
        .bind(contest.id)
        .all<Entry & { paid: number }>();
      return results.map((entry) => ({ ...entry, db }));
    }),
  );
  const standings = perShard.flat().sort(standingsOrder);
  const entrants = standings.length;
  const unprized = standings.map((entry, i) => ({ ...entry, place: i + 1 })).filter((entry) => !entry.paid);
  for (const { db } of shards) {
    const mine = unprized.filter((entry) => entry.db === db);
    for (let i = 0; i < mine.length; i += CONTEST_PRIZES_PER_BATCH) {
      await db.batch(
        mine.slice(i, i + CONTEST_PRIZES_PER_BATCH).map(({ userId, place }) =>
          queueNotice(db, userId, `contest:${contest.id}`, { kind: "contest", contestId: contest.id, contestTitle: contest.title, place, prize: 0, entrants }, now),
        ),
      );
    }
  }
};
