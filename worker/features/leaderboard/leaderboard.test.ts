import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeCursor } from "../../lib/cursor";
import { advanceLeaderboards } from "../../cron/advance-leaderboards";
import { settleAt } from "../../test/community";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { createPlayer, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInPlayer, type SignedInPlayer } from "../../test/sessions";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = Date.now();

let a: SignedInPlayer;
const ids: Record<string, string> = {};

/**
 * Hand-computed fixture. Option A (yes) wins every question; a pick costs the question's credit cost, a win pays
 * twice that (net +cost), a loss nets -cost.
 *   Q1 cost 5, settled 10 days ago: A win, D win
 *   Q2 cost 1, settled 5 days ago:  A win, B win
 *   Q3 cost 2, settled 1 day ago:   A loss, B win, C win, E win
 *   Q4 cost 3, settled 2 hours ago: A win, B loss, C win, E loss
 *   Q5 cost 1, voided 1 day ago:    F
 *   Q6 open:                        G
 */
beforeAll(async () => {
  a = await signedInPlayer(100);
  ids.A = a.userId;
  for (const name of ["B", "C", "D", "E", "F", "G"]) ids[name] = await createPlayer(100);
  const plan: [number, number, [string, "yes" | "no"][]][] = [
    [
      5,
      10 * DAY,
      [
        ["A", "yes"],
        ["D", "yes"],
      ],
    ],
    [
      1,
      5 * DAY,
      [
        ["A", "yes"],
        ["B", "yes"],
      ],
    ],
    [
      2,
      1 * DAY,
      [
        ["A", "no"],
        ["B", "yes"],
        ["C", "yes"],
        ["E", "yes"],
      ],
    ],
    [
      3,
      2 * HOUR,
      [
        ["A", "yes"],
        ["B", "no"],
        ["C", "yes"],
        ["E", "no"],
      ],
    ],
  ];
  for (const [cost, ago, picks] of plan) {
    const questionId = await insertQuestion({ creditCost: cost });
    for (const [name, choice] of picks) await placePick(ids[name]!, questionId, choice);
    await settleAt(questionId, "A", NOW - ago);
  }
  const voided = await insertQuestion({ creditCost: 1 });
  await placePick(ids.F!, voided, "yes");
  await settleAt(voided, "void", NOW - DAY);
  await placePick(ids.G!, await insertQuestion({ creditCost: 1 }), "yes");
  // With several shards the boards are merged by the every-minute job; with one it only keeps the windows.
  await advanceLeaderboards(dataContext(env), NOW);
});

const board = (period: "3" | "7" | "all", headers: Record<string, string> = {}, cursor?: string) =>
  successOf(apiClient({ headers }).leaderboard.$get({ query: { period, ...(cursor ? { cursor } : {}) } }));

type Board = Awaited<ReturnType<typeof board>>["body"];

/** For requests the typed client would not let a test write (an unknown period, a broken cursor). */
const rawBoard = (period: string, cursor?: string) =>
  callJson(`/api/leaderboard?period=${period}${cursor ? `&cursor=${cursor}` : ""}`);

const ranking = (body: Board) => body.items.map((row) => [nameOf(row.userId), row.rank, row.score]);
const nameOf = (userId: string) => Object.entries(ids).find(([, id]) => id === userId)?.[0];

describe("GET /api/leaderboard", () => {
  it("ranks the last 3 days by wins, then win rate, then net credits; equal players share a rank", async () => {
    const { status, body } = await board("3");
    expect(status).toBe(200);
    // C 2-0 +5; A 1-1 +1; B and E 1-1 -1 (tied); nobody else settled a win or loss in the window.
    const [first, second, ...tied] = ranking(body);
    expect([first, second]).toEqual([
      ["C", 1, 2],
      ["A", 2, 1],
    ]);
    expect(tied.sort()).toEqual([
      ["B", 3, 1],
      ["E", 3, 1],
    ]);
    expect(body.items.find((row) => row.userId === ids.A)).toMatchObject({
      wins: 1,
      losses: 1,
      winRate: 50,
      netCredits: 1,
    });
    expect(body.totalUsers).toBe(4);
  });

  it("ranks the last 7 days: the same wins are split by win rate, then by net credits", async () => {
    const { body } = await board("7");
    // C 2-0 +5; A 2-1 +2; B 2-1 0; E 1-1 -1.
    expect(ranking(body)).toEqual([
      ["C", 1, 2],
      ["A", 2, 2],
      ["B", 3, 2],
      ["E", 4, 1],
    ]);
    expect(body.items[1]).toMatchObject({ winRate: 66.7, netCredits: 2 });
  });

  it("ranks all time by points (winnings), with voids-only players at zero and open-only players absent", async () => {
    const { body } = await board("all");
    // A 10+2+6; C 4+6 and D 10 (tied); B 2+4; E 4; F voided only.
    const [first, ...rest] = ranking(body);
    expect(first).toEqual(["A", 1, 18]);
    expect(rest.slice(0, 2).sort()).toEqual([
      ["C", 2, 10],
      ["D", 2, 10],
    ]);
    expect(rest.slice(2)).toEqual([
      ["B", 4, 6],
      ["E", 5, 4],
      ["F", 6, 0],
    ]);
    expect(body.items.some((row) => row.userId === ids.G)).toBe(false);
    expect(body).toMatchObject({ totalUsers: 6, nextCursor: null, me: null });
  });

  it("answers the signed-in player's own row and rank even when the page does not hold it", async () => {
    const { body } = await board("all", a.bearer, encodeCursor([3]));
    expect(ranking(body)).toEqual([
      ["B", 4, 6],
      ["E", 5, 4],
      ["F", 6, 0],
    ]);
    expect(body.me).toMatchObject({ userId: ids.A, rank: 1, score: 18 });
    const period = await board("3", a.bearer, encodeCursor([2]));
    expect(period.body.items.map((row) => row.rank)).toEqual([3, 3]);
    expect(period.body.me).toMatchObject({ userId: ids.A, rank: 2, score: 1 });
  });

  it("gives a player off the board no row of their own", async () => {
    const g = await signedInPlayer();
    expect((await board("7", g.bearer)).body.me).toBeNull();
  });

  it("is described in the OpenAPI document with the rest of the community routes", async () => {
    const { body } = await callJson<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/leaderboard",
        "/users/{id}/stats",
        "/activity",
        "/contests",
        "/contests/{id}/join",
        "/admin/contests",
      ]),
    );
  });

  it("refuses an unknown period or a malformed cursor", async () => {
    expect((await rawBoard("30")).status).toBe(400);
    // Every list answers a malformed cursor alike (lib/cursor.ts): an offset that is not one, a keyset, garbage.
    for (const cursor of ["abc", encodeCursor([-1]), encodeCursor([1, "x"]), "3"]) {
      expect((await rawBoard("all", cursor)).body).toMatchObject({
        error: { code: "bad_request", message: "Invalid cursor" },
      });
    }
  });
});
