import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { CATALOGUE_COPIES, PLAYER_TABLES, type PlayerTable } from "./player-tables";
import { userCredits, users } from "./schema";
import { bucketOf, bucketRangeOf, d1Binding, shardByBinding, shardMap, userShard, type ShardMap } from "./shards";

/**
 * Moving players between user shards (docs/user-shards-guide.md, "Adding a shard"): a target database takes the
 * buckets of a source shard from `fromBucket` to the end of the source's range (all of them when `fromBucket` is where
 * the source starts: the target then replaces the source). Mark the moving buckets, copy those players' rows, verify
 * both sides, publish the next map version, then delete what the source no longer serves. Every step can be run again
 * after a failure.
 */
export type Move = { source: string; target: string; fromBucket: number };

type MapJson = {
  version: number;
  shards: { binding: string; from: number }[];
  moving?: { from: number; to: number; target: string };
};

const PAGE = 200;

const fail = (message: string): never => {
  throw new Error(`Shard move refused: ${message}`);
};

const d1Of = (env: Env, binding: string): D1Database =>
  d1Binding(env, binding) ?? fail(`${binding} is not a D1 binding`);

/** The buckets the move takes: from `fromBucket` to where the source's range ends. */
const movingRange = (map: ShardMap, move: Move): [number, number] => {
  const source =
    map.shards.find((shard) => shard.binding === move.source) ??
    fail(`${move.source} is not a shard of the map in force`);
  const [start, end] = bucketRangeOf(map, source);
  if (move.fromBucket < start || move.fromBucket >= end)
    fail(`bucket ${move.fromBucket} is not inside ${move.source}'s ${start}-${end - 1}`);
  return [move.fromBucket, end];
};

const shardsOf = (map: ShardMap) =>
  map.shards.map(({ binding, firstBucket }) => ({ binding: binding as string, from: firstBucket }));

/**
 * Step 0, the map to publish before the copy: the same shards, with the moved buckets marked so their players' writes
 * wait (503 and Retry-After for requests, later runs for the queues and crons) until the switch.
 */
export const markMove = (env: Env, move: Move): MapJson => {
  const map = shardMap(env);
  const [from, to] = movingRange(map, move);
  if (map.moving) fail(`buckets ${map.moving.from}-${map.moving.to - 1} are already moving`);
  d1Of(env, move.target);
  return { version: map.version + 1, shards: shardsOf(map), moving: { from, to, target: move.target } };
};

/** The copy and its verification run only while the map in force pauses the moved players' writes. */
const requireMark = (env: Env, move: Move) => {
  const map = shardMap(env);
  const [from, to] = movingRange(map, move);
  if (map.moving?.from !== from || map.moving.to !== to || map.moving.target !== d1Of(env, move.target)) {
    fail(
      `publish markMove's map first: buckets ${from}-${to - 1} still take writes, or the catalogue's edits miss ${move.target}`,
    );
  }
};

/** Step 3, the map to publish once the copy is verified: the target serves the moved range, and writes resume. */
export const nextMap = (env: Env, move: Move): MapJson => {
  const map = shardMap(env);
  movingRange(map, move);
  if (map.shards.some((shard) => shard.binding === move.target)) fail(`${move.target} already serves players`);
  const shards = shardsOf(map).filter((shard) => !(shard.binding === move.source && shard.from === move.fromBucket));
  shards.push({ binding: move.target, from: move.fromBucket });
  return { version: map.version + 1, shards: shards.sort((a, b) => a.from - b.from) };
};

const userIds = async (db: D1Database) =>
  (await db.prepare("SELECT id FROM users").all<{ id: string }>()).results.map(({ id }) => id);

const movingPlayers = async (env: Env, move: Move) => {
  const [from, to] = movingRange(shardMap(env), move);
  return (await userIds(d1Of(env, move.source))).filter((id) => bucketOf(id) >= from && bucketOf(id) < to);
};

const columnsOf = (table: SQLiteTable) =>
  getTableConfig(table)
    .columns.filter((column) => !column.generated)
    .map((column) => column.name);

const hasRowid = (db: D1Database, name: string) =>
  db
    .prepare(`SELECT rowid FROM ${name} LIMIT 0`)
    .run()
    .then(
      () => true,
      () => false,
    );

/**
 * Rows are copied in the order they were written (the ledger audit replays each player's ledger in rowid order);
 * a WITHOUT ROWID table in its key's order.
 */
const orderOf = async (db: D1Database, table: SQLiteTable) => {
  const config = getTableConfig(table);
  if (await hasRowid(db, config.name)) return "rowid";
  const single = config.columns.filter((column) => column.primary).map((column) => column.name);
  return (single.length > 0 ? single : config.primaryKeys[0]!.columns.map((column) => column.name)).join(", ");
};

type CopyOptions = { where: string; params: string[]; emptied?: readonly string[] };

/** Pages rows from one database into another; INSERT OR IGNORE so a repeated copy adds only what is missing. */
const copyRows = async (
  from: D1Database,
  to: D1Database,
  table: SQLiteTable,
  { where, params, emptied = [] }: CopyOptions,
) => {
  const name = getTableConfig(table).name;
  const columns = columnsOf(table);
  const order = await orderOf(from, table);
  const values = columns.map((column) => (emptied.includes(column) ? "NULL" : `value ->> '${column}'`)).join(", ");
  let copied = 0;
  for (;;) {
    const { results } = await from
      .prepare(
        `SELECT ${columns.join(", ")} FROM ${name} WHERE ${where} ORDER BY ${order} LIMIT ${PAGE} OFFSET ${copied}`,
      )
      .bind(...params)
      .all();
    if (results.length === 0) return copied;
    await to
      .prepare(`INSERT OR IGNORE INTO ${name} (${columns.join(", ")}) SELECT ${values} FROM json_each(?)`)
      .bind(JSON.stringify(results))
      .run();
    copied += results.length;
  }
};

const countRows = async (db: D1Database, { table, rows }: PlayerTable, ids: string) =>
  (await db
    .prepare(`SELECT count(*) AS n FROM ${getTableConfig(table).name} WHERE ${rows}`)
    .bind(ids)
    .first<number>("n")) ?? 0;

/** A shard's pick counts and crowd split are its own picks': recounted wherever picks came or went. */
const recountQuestions = (db: D1Database) =>
  db
    .prepare(
      `WITH counted AS (
         SELECT q.id, count(p.id) AS picks, count(CASE p.choice WHEN 'yes' THEN 1 END) AS yes, count(CASE p.choice WHEN 'no' THEN 1 END) AS no
         FROM questions q LEFT JOIN user_picks p ON p.question_id = q.id GROUP BY q.id)
       UPDATE questions SET pick_count = counted.picks, yes_count = counted.yes, no_count = counted.no FROM counted
       WHERE questions.id = counted.id
         AND (pick_count <> counted.picks OR yes_count <> counted.yes OR no_count <> counted.no)`,
    )
    .run();

/** Step 1: the catalogue copies the players' rows point at, then the players' rows, parents first. */
export const copyPlayers = async (env: Env, move: Move) => {
  requireMark(env, move);
  const [source, target] = [d1Of(env, move.source), d1Of(env, move.target)];
  const players = await movingPlayers(env, move);
  const ids = JSON.stringify(players);
  // A catalogue row names the admin who made it, who need not live in the target shard.
  for (const table of CATALOGUE_COPIES)
    await copyRows(source, target, table, { where: "true", params: [], emptied: ["created_by"] });
  const rows: Record<string, number> = {};
  for (const { table, rows: where } of PLAYER_TABLES) {
    rows[getTableConfig(table).name] = await copyRows(source, target, table, { where, params: [ids] });
  }
  await recountQuestions(target);
  return { players: players.length, rows };
};

const tableEntry = (table: SQLiteTable) => PLAYER_TABLES.find((entry) => entry.table === table)!;
const USERS = tableEntry(users);
const CREDITS = tableEntry(userCredits);

/** A ledger audit's findings, as the credits feature's audit reports them; the caller hands the audit in. */
type AuditLedger = (db: D1Database) => Promise<{ kind: string; userId: string | null; detail: string }[]>;

/** Step 2: every table holds the same rows for the moved players on both sides, and both ledgers audit clean. */
export const verifyCopy = async (env: Env, move: Move, auditLedger: AuditLedger) => {
  requireMark(env, move);
  const [source, target] = [d1Of(env, move.source), d1Of(env, move.target)];
  const players = await movingPlayers(env, move);
  const ids = JSON.stringify(players);
  const mismatches: string[] = [];
  for (const entry of PLAYER_TABLES) {
    const [before, after] = await Promise.all([countRows(source, entry, ids), countRows(target, entry, ids)]);
    if (before !== after)
      mismatches.push(`${getTableConfig(entry.table).name}: ${before} in ${move.source}, ${after} in ${move.target}`);
  }
  const balances = (db: D1Database) =>
    db.prepare(`SELECT total(balance) AS sum FROM user_credits WHERE ${CREDITS.rows}`).bind(ids).first<number>("sum");
  if ((await balances(source)) !== (await balances(target)))
    mismatches.push("user_credits: the moved players' balances differ");
  for (const [name, db] of [
    [move.source, source],
    [move.target, target],
  ] as const) {
    const violations = await auditLedger(db);
    if (violations.length > 0) {
      const first = violations[0]!;
      mismatches.push(
        `${name}: ${violations.length} ledger audit violations, first ${first.kind} of ${first.userId}: ${first.detail}`,
      );
    }
  }
  return { players: players.length, mismatches };
};

/**
 * Step 4, once the next map is in force: the source's copies of the players the map now sends to the target go,
 * children first, after checking the target holds each of them. Where the source is the catalogue itself, the players'
 * `users` rows stay: there they are the directory every player is looked up in.
 */
export const deleteMovedPlayers = async (env: Env, move: Move) => {
  const target =
    shardByBinding(env, move.target) ?? fail(`the map in force does not send anyone to ${move.target} yet`);
  const source = d1Of(env, move.source);
  const moved = (await userIds(source)).filter((id) => userShard(env, id) === target);
  const ids = JSON.stringify(moved);
  const held = await countRows(target.db, USERS, ids);
  if (held !== moved.length)
    fail(`${move.target} holds ${held} of the ${moved.length} players to delete from ${move.source}`);
  const keepUsers = source === env.DB;
  for (const { table, rows } of [...PLAYER_TABLES].reverse()) {
    if (keepUsers && table === users) continue;
    await source
      .prepare(`DELETE FROM ${getTableConfig(table).name} WHERE ${rows}`)
      .bind(ids)
      .run();
  }
  // The catalogue's own counters are the sums over every shard, which the fold keeps; a shard's are its picks'.
  if (!keepUsers) await recountQuestions(source);
  return { players: moved.length };
};
