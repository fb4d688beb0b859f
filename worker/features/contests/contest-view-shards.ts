import { CONTEST_STANDINGS_SIZE } from "../../config";
import { playerDb, shardMap } from "../../db/shards";
import { batchNamed } from "../../db/statement";
import type { ContestRow, OwnEntry, Standing } from "./contest-view";
import { myEntryQuery, standingsOrder } from "./contest-view";

type Entrants = { entrants: number };
type Build<View> = (row: ContestRow, entrants: number, standings: Standing[], mine: OwnEntry | null, now: number) => View;

/** Entries ahead of (score, joined, id) in standings order, by the same three index ranges as one shard's rank. */
const AHEAD = `SELECT (SELECT count(*) FROM contest_entries WHERE contest_id = ?1 AND score > ?2)
  + (SELECT count(*) FROM contest_entries WHERE contest_id = ?1 AND score = ?2 AND joined_at < ?3)
  + (SELECT count(*) FROM contest_entries WHERE contest_id = ?1 AND score = ?2 AND joined_at = ?3 AND user_id < ?4) AS n`;

type Ranked = Standing & { joinedAt: number };

/**
 * Contests whose entries are spread over the shards: entrants summed, each shard's best entries merged into the top
 * standings, and the viewer's place counted among every shard's entries (their own shard ranks them within it).
 */
export const viewContestsAcrossShards = async <View>(env: Env, rows: ContestRow[], viewerId: string | null, now: number, build: Build<View>) => {
  const shards = shardMap(env).shards;
  const perShard = await Promise.all(
    shards.map(({ db }) =>
      batchNamed(db, {
        counts: rows.map((row) => db.prepare("SELECT count(*) AS entrants FROM contest_entries WHERE contest_id = ?").bind(row.id)),
        standings: rows.map((row) =>
          db
            .prepare(
              `SELECT e.user_id AS userId, u.username, u.country, e.score, e.joined_at AS joinedAt FROM contest_entries e
               JOIN users u ON u.id = e.user_id WHERE e.contest_id = ? ORDER BY e.score DESC, e.joined_at, e.user_id LIMIT ?`,
            )
            .bind(row.id, CONTEST_STANDINGS_SIZE),
        ),
      }),
    ),
  );
  const home = viewerId ? playerDb(env, viewerId) : null;
  const own = home && viewerId ? (await batchNamed(home, { mine: rows.map((row) => myEntryQuery(home, row.id, viewerId)) })).mine : [];
  const ranks = await Promise.all(
    rows.map(async (row, i) => {
      const mine = own[i]?.[0];
      if (!mine || !viewerId) return null;
      const others = shards.filter(({ db }) => db !== home);
      const ahead = await Promise.all(
        others.map(({ db }) => db.prepare(AHEAD).bind(row.id, mine.score, mine.joinedAt, viewerId).first<{ n: number }>()),
      );
      return { ...mine, rank: mine.rank + ahead.reduce((sum, count) => sum + (count?.n ?? 0), 0) };
    }),
  );
  return rows.map((row, i) => {
    const entrants = perShard.reduce((sum, shard) => sum + ((shard.counts[i]?.results[0] as Entrants | undefined)?.entrants ?? 0), 0);
    const standings = perShard
      .flatMap((shard) => (shard.standings[i]?.results ?? []) as Ranked[])
      .sort(standingsOrder)
      .slice(0, CONTEST_STANDINGS_SIZE)
      .map(({ joinedAt: _joinedAt, ...standing }) => standing);
    return build(row, entrants, standings, ranks[i] ?? null, now);
  });
};
