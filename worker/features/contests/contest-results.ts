import type { DataContext } from "../../db/data-context";
import { queueNotice } from "../notifications/push-deliveries";
import { inPlayerBatches, mergedEntries } from "./contest-entries";

type Contest = { id: string; title: string };

/**
 * Tells every entrant without a prize where they finished, once the contest is fully paid: winners already heard with
 * their prize, in the batch that paid it. The places come from the standings merged over every player database, as
 * the payout's do. The notice shares the winners' key (`contest:<id>`), so a run repeated after a failure queues
 * nothing twice. Only entrants with a device that wants contest notices get a row (queueNotice's SELECT), so a batch
 * costs little.
 */
export const queueContestResults = async (data: DataContext, contest: Contest, now: number) => {
  const standings = await mergedEntries(data, contest.id);
  const entrants = standings.length;
  const unprized = standings.map((entry, i) => ({ ...entry, place: i + 1 })).filter((entry) => !entry.paid);
  await inPlayerBatches(
    data,
    unprized,
    (entry) => entry.userId,
    (db, batch) =>
      db.batch(
        batch.map(({ userId, place }) =>
          queueNotice(
            db,
            userId,
            `contest:${contest.id}`,
            { kind: "contest", contestId: contest.id, contestTitle: contest.title, place, prize: 0, entrants },
            now,
          ),
        ),
      ),
  );
};
