import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONTEST_ENTRY_FEE } from "../../config";
import { dataContext } from "../../db/data-context";
import { playerDb } from "../../db/shards";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { callJson } from "../../test/http";
import { createPlayerIn } from "../../test/players";
import { sessionFor, signedInAdmin } from "../../test/sessions";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { copyContests } from "./contest-copies";
import type { ContestView } from "./contest-view";
import { payDueContests } from "./pay-contests.service";

const shards = twoShardEnv();

/** Three players in each shard, with credits for the fee. */
const players = async () => [
  ...(await Promise.all([0, 1, 2].map(() => createPlayerIn(shards, 100, userIdInShard(0))))),
  ...(await Promise.all([0, 1, 2].map(() => createPlayerIn(shards, 100, userIdInShard(1))))),
];

const createContest = async () => {
  const admin = await signedInAdmin(shards);
  const { status, body } = await callJson<{ contest: { id: string } }>("/api/admin/contests", {
    method: "POST",
    headers: admin.bearer,
    json: { durationDays: 3, startsAt: Date.now(), title: "Shards Challenge" },
    env: shards,
  });
  expect(status).toBe(201);
  return body.contest.id;
};

const joinAs = async (userId: string, contestId: string) => {
  const { bearer } = await sessionFor(userId, shards);
  return callJson<{ contest: ContestView }>(`/api/contests/${contestId}/join`, {
    method: "POST",
    headers: bearer,
    env: shards,
  });
};

const setScore = (contestId: string, userId: string, score: number) =>
  playerDb(shards, userId)
    .prepare("UPDATE contest_entries SET score = ? WHERE contest_id = ? AND user_id = ?")
    .bind(score, contestId, userId)
    .run();

describe("contests with players over two shards", () => {
  it("take each fee in the player's shard and rank every entry among all shards", async () => {
    const contestId = await createContest();
    const ids = await players();
    for (const id of ids) expect((await joinAs(id, contestId)).status).toBe(201);
    for (const id of ids) {
      expect(await balanceOf(id, playerDb(shards, id))).toBe(100 - CONTEST_ENTRY_FEE);
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM contest_entries WHERE user_id = ?").bind(id).first("n"),
      ).toBe(0);
    }
    // Scores interleave the shards: 60, 50, ... 10 for ids[0], ids[3], ids[1], ids[4], ids[2], ids[5].
    const order = [ids[0]!, ids[3]!, ids[1]!, ids[4]!, ids[2]!, ids[5]!];
    for (const [i, id] of order.entries()) await setScore(contestId, id, 60 - i * 10);

    const { bearer } = await sessionFor(ids[4]!, shards);
    const { body } = await callJson<{ items: ContestView[] }>("/api/contests", { headers: bearer, env: shards });
    const contest = body.items.find((item) => item.id === contestId)!;
    expect(contest.entrants).toBe(6);
    expect(contest.standings.map((standing) => standing.userId)).toEqual(order);
    expect(contest.me?.rank).toBe(4);
  });

  it("pay each winner in their shard in the order of all shards' standings, once", async () => {
    const contestId = await createContest();
    const ids = await players();
    for (const id of ids) await joinAs(id, contestId);
    const order = [ids[5]!, ids[0]!, ids[4]!, ids[1]!, ids[3]!, ids[2]!];
    for (const [i, id] of order.entries()) await setScore(contestId, id, 60 - i * 10);
    await env.DB.prepare("UPDATE contests SET ends_at = ? WHERE id = ?")
      .bind(Date.now() - 1, contestId)
      .run();
    await copyContests(dataContext(shards), [contestId]);

    const paid: string[] = [];
    await payDueContests(
      dataContext(shards),
      Date.now(),
      async (prizes) => void paid.push(...prizes.map((prize) => prize.userId)),
    );
    expect(new Set(paid)).toEqual(new Set(order));
    for (const [i, id] of order.entries()) {
      const entry = await playerDb(shards, id)
        .prepare("SELECT final_rank FROM contest_entries WHERE contest_id = ? AND user_id = ?")
        .bind(contestId, id)
        .first("final_rank");
      expect(entry).toBe(i + 1);
    }
    expect(
      await env.DB.prepare("SELECT paid_at IS NOT NULL AS paid FROM contests WHERE id = ?")
        .bind(contestId)
        .first("paid"),
    ).toBe(1);
    const again: string[] = [];
    await payDueContests(
      dataContext(shards),
      Date.now(),
      async (prizes) => void again.push(...prizes.map((prize) => prize.userId)),
    );
    expect(again).toEqual([]);
    await expectLedgerClean(shards.SHARD_0);
    await expectLedgerClean(shards.SHARD_1);
  });
});
