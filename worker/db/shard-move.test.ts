import { env } from "cloudflare:test";
import { dataContext } from "./data-context";
import { describe, expect, it } from "vitest";
import { adminActor } from "../features/admin-audit/admin-audit";
import { foldPickCounts } from "../features/questions/pick-counts";
import { setOutcome } from "../features/settlement/outcome.service";
import { balanceOf, expectLedgerClean } from "../test/ledger";
import { createPlayer, placePick } from "../test/players";
import { insertQuestion } from "../test/questions";
import { copyQuestions } from "../features/questions/question-copies";
import { SHARDS } from "../test/shards";
import { copyPlayers, deleteMovedPlayers, markMove, nextMap, verifyCopy, type Move } from "./shard-move";
import { auditLedger } from "../features/credits/ledger.audit";
import { SHARD_BUCKETS, userShard } from "./shards";

const withMap = (map: object): Env => ({ ...env, USER_SHARD_MAP: map });

const count = async (db: D1Database, sql: string) =>
  (await db.prepare(`SELECT count(*) AS n FROM ${sql}`).first<number>("n")) ?? 0;

/** Mark, copy, verify, publish the next map, delete: the whole procedure, as an operator runs it. */
const runMove = async (before: Env, move: Move) => {
  await expect(copyPlayers(before, move)).rejects.toThrow(/publish markMove's map first/);
  const world = withMap(markMove(before, move));
  const copied = await copyPlayers(world, move);
  expect(await verifyCopy(world, move, auditLedger)).toEqual({ players: copied.players, mismatches: [] });
  const next = withMap(nextMap(world, move));
  await expect(deleteMovedPlayers(world, move)).rejects.toThrow(/does not send anyone/);
  await deleteMovedPlayers(next, move);
  return { copied, next };
};

describe("moving players to a new user shard", () => {
  it("grows the one-database deployment into two shards without losing a credit, a pick or a referral", async () => {
    const admin = await createPlayer();
    const [settled, open] = [await insertQuestion({ creditCost: 2 }), await insertQuestion({ creditCost: 3 })];
    const players = await Promise.all(Array.from({ length: 40 }, () => createPlayer(20)));
    for (const [i, player] of players.entries()) {
      await placePick(player, settled, i % 2 === 0 ? "yes" : "no");
      if (i % 3 === 0) await placePick(player, open, i % 2 === 0 ? "no" : "yes");
    }
    await env.DB.prepare("UPDATE users SET referred_by = ? WHERE id = ?").bind(players[0], players[1]).run();
    await env.DB.prepare("INSERT INTO user_bookmarks (user_id, question_id, created_at) VALUES (?, ?, 0)")
      .bind(players[2], open)
      .run();
    await setOutcome(dataContext(env), {
      questionId: settled,
      outcome: "A",
      actor: adminActor(admin),
      now: Date.now(),
    });
    const balances = await Promise.all(players.map((id) => balanceOf(id)));
    const openCounts = await env.DB.prepare("SELECT pick_count, yes_count, no_count FROM questions WHERE id = ?")
      .bind(open)
      .first();

    // First the players leave the catalogue for a shard of their own, then that shard splits in two.
    const first = await runMove(env, { source: "DB", target: "SHARD_0", fromBucket: 0 });
    expect(first.copied.players).toBe(41);
    expect(await count(env.DB, "users")).toBe(41);
    expect(await count(env.DB, "user_credits")).toBe(0);
    expect(await count(env.DB, "user_picks")).toBe(0);
    const { next: twoShards } = await runMove(first.next, {
      source: "SHARD_0",
      target: "SHARD_1",
      fromBucket: SHARD_BUCKETS / 2,
    });
    expect(twoShards.USER_SHARD_MAP).toEqual({
      version: 5,
      shards: [
        { binding: "SHARD_0", from: 0 },
        { binding: "SHARD_1", from: 512 },
      ],
    });

    for (const [i, player] of players.entries()) {
      const home = userShard(twoShards, player);
      const away = home.db === SHARDS.SHARD_0 ? SHARDS.SHARD_1 : SHARDS.SHARD_0;
      expect(await balanceOf(player, home.db)).toBe(balances[i]);
      expect(await away.prepare("SELECT count(*) AS n FROM users WHERE id = ?").bind(player).first("n")).toBe(0);
    }
    expect((await count(SHARDS.SHARD_0, "users")) + (await count(SHARDS.SHARD_1, "users"))).toBe(41);
    const referred = userShard(twoShards, players[1]!).db;
    expect(
      await referred.prepare("SELECT referred_by FROM users WHERE id = ?").bind(players[1]).first("referred_by"),
    ).toBe(players[0]);
    // Each shard's leaderboard distribution still counts exactly its own players.
    for (const shard of [SHARDS.SHARD_0, SHARDS.SHARD_1]) {
      expect(
        await shard.prepare("SELECT coalesce(sum(players), 0) AS n FROM leaderboard_point_scores").first("n"),
      ).toBe(await count(shard, "leaderboard_totals WHERE settled > 0 OR prize_points > 0"));
      await expectLedgerClean(shard);
    }

    // The counters the feed shows add up again, and a settlement after the move pays on both shards.
    await foldPickCounts(dataContext(twoShards), Date.now());
    expect(
      await env.DB.prepare("SELECT pick_count, yes_count, no_count FROM questions WHERE id = ?").bind(open).first(),
    ).toEqual(openCounts);
    const result = await setOutcome(dataContext(twoShards), {
      questionId: open,
      outcome: "B",
      actor: adminActor(admin),
      now: Date.now(),
    });
    expect(result).toMatchObject({ picksUpdated: (openCounts as { pick_count: number }).pick_count, complete: true });
    expect(
      await env.DB.prepare("SELECT settled_version FROM questions WHERE id = ?").bind(open).first("settled_version"),
    ).toBe(1);
    await expectLedgerClean(SHARDS.SHARD_0);
    await expectLedgerClean(SHARDS.SHARD_1);
  });

  it("keeps the target's copies of the questions current when an admin edits them between the copy and the switch", async () => {
    const question = await insertQuestion({ creditCost: 2 });
    const player = await createPlayer(20);
    await placePick(player, question, "yes");
    const move: Move = { source: "DB", target: "SHARD_0", fromBucket: 0 };
    const during = withMap(markMove(env, move));
    await copyPlayers(during, move);

    // The admin closes the question early and writes a new one while the players are being copied.
    const deadline = Date.now() - 1_000;
    await env.DB.prepare("UPDATE questions SET title = 'Closed early', deadline = ? WHERE id = ?")
      .bind(deadline, question)
      .run();
    const added = await insertQuestion({ creditCost: 1, title: "Written during the move" });
    await copyQuestions(dataContext(during), [question, added]);

    const copyIn = (db: D1Database, id: string) =>
      db.prepare("SELECT title, deadline FROM questions WHERE id = ?").bind(id).first();
    expect(await copyIn(SHARDS.SHARD_0, question)).toEqual({ title: "Closed early", deadline });
    expect(await copyIn(SHARDS.SHARD_0, added)).toMatchObject({ title: "Written during the move" });
    // A target the map does not hold refuses the mark: the copies could not follow the admin's edits there.
    expect(() => markMove(env, { ...move, target: "NOT_BOUND" })).toThrow(/NOT_BOUND is not a D1 binding/);
  });

  it("refuses a range outside the source, a target already in use and a source the map does not have", () => {
    const sharded = withMap({
      version: 3,
      shards: [
        { binding: "SHARD_0", from: 0 },
        { binding: "SHARD_1", from: 512 },
      ],
    });
    expect(() => nextMap(sharded, { source: "SHARD_0", target: "DB", fromBucket: 600 })).toThrow(
      /not inside SHARD_0's 0-511/,
    );
    expect(() => nextMap(sharded, { source: "SHARD_0", target: "SHARD_1", fromBucket: 100 })).toThrow(
      /SHARD_1 already serves players/,
    );
    expect(() => nextMap(sharded, { source: "DB", target: "IMAGES", fromBucket: 0 })).toThrow(/DB is not a shard/);
  });
});
