import { describe, expect, it } from "vitest";
import { apiClient } from "../test/client";
import { callJson } from "../test/http";
import { balanceOf, expectLedgerClean } from "../test/ledger";
import { insertContest } from "../test/contests";
import { shardOf, sumOverShards } from "../test/players";
import { insertQuestion } from "../test/questions";
import { signedInPlayer, type SignedInPlayer } from "../test/sessions";
import { KEY_REUSED_MESSAGE, requestFingerprint } from "./idempotency";

const REUSED = { error: { code: "idempotency_key_reused", message: KEY_REUSED_MESSAGE } };

/** Status and body together, as replays are compared whole (a refusal's body is beyond the client's types). */
const answerOf = async (sent: Promise<{ status: number; json(): Promise<unknown> }>) => {
  const response = await sent;
  return { status: response.status, body: await response.json() };
};

const pick = (player: SignedInPlayer, key: string, questionId: string, choice: "yes" | "no" = "yes") =>
  answerOf(
    apiClient({ headers: player.bearer }).picks.$post({
      json: { questionId, choice, multiplier: 2 },
      header: { "idempotency-key": key },
    }),
  );

const join = (player: SignedInPlayer, key: string, contestId: string) =>
  answerOf(
    apiClient({ headers: player.bearer }).contests[":id"].join.$post({
      param: { id: contestId },
      header: { "idempotency-key": key },
    }),
  );

const picksOn = (questionId: string) =>
  sumOverShards("SELECT count(*) FROM user_picks WHERE question_id = ?", questionId);

describe("an Idempotency-Key reused with a different request", () => {
  it("answers 422 and places no pick on the second question", async () => {
    const player = await signedInPlayer(50);
    const [questionA, questionB] = [await insertQuestion({ creditCost: 2 }), await insertQuestion({ creditCost: 2 })];
    const key = crypto.randomUUID();
    const first = await pick(player, key, questionA);
    expect(first.status).toBe(201);

    expect(await pick(player, key, questionB)).toMatchObject({ status: 422, body: REUSED });
    expect(await pick(player, key, questionA, "no")).toMatchObject({ status: 422, body: REUSED });
    expect(await picksOn(questionB)).toBe(0);
    expect(await balanceOf(player.userId)).toBe(46);
    // The key still answers its own request.
    expect(await pick(player, key, questionA)).toMatchObject({ status: 201, body: first.body });
    await expectLedgerClean();
  });

  it("keeps a refusal bound to its request: another request under the key is not answered with it", async () => {
    const player = await signedInPlayer(50);
    const closed = await insertQuestion({ deadline: Date.now() - 1000 });
    const open = await insertQuestion();
    const key = crypto.randomUUID();
    expect((await pick(player, key, closed)).status).toBe(422);
    expect(await pick(player, key, open)).toMatchObject({ status: 422, body: REUSED });
    expect(await picksOn(open)).toBe(0);
  });

  it("refuses the key on another path (a second contest)", async () => {
    const player = await signedInPlayer(100);
    const [first, second] = [await insertContest(), await insertContest()];
    const key = crypto.randomUUID();
    expect((await join(player, key, first)).status).toBe(201);
    expect(await join(player, key, second)).toMatchObject({ status: 422, body: REUSED });
    expect(await sumOverShards("SELECT count(*) FROM contest_entries WHERE contest_id = ?", second)).toBe(0);
    await expectLedgerClean();
  });

  it("lets one of two racing requests win; the other's repeats all answer 422 and the money moves once", async () => {
    const player = await signedInPlayer(50);
    const [questionA, questionB] = [await insertQuestion({ creditCost: 3 }), await insertQuestion({ creditCost: 3 })];
    const key = crypto.randomUUID();
    const replies = await Promise.all(
      [questionA, questionB, questionA, questionB, questionA, questionB].map((q) => pick(player, key, q)),
    );
    const [a, b] = [replies.filter((_, i) => i % 2 === 0), replies.filter((_, i) => i % 2 === 1)];
    const [winners, losers] = a[0]?.status === 201 ? [a, b] : [b, a];
    for (const reply of winners) expect(reply).toMatchObject({ status: 201, body: winners[0]?.body });
    for (const reply of losers) expect(reply).toMatchObject({ status: 422, body: REUSED });
    expect((await picksOn(questionA)) + (await picksOn(questionB))).toBe(1);
    expect(await balanceOf(player.userId)).toBe(44);
    await expectLedgerClean();
  });
});

describe("the same request spelt differently", () => {
  it("replays: key order, spacing and fields the schema drops do not make it another request", async () => {
    const player = await signedInPlayer(50);
    const questionId = await insertQuestion({ creditCost: 1 });
    const key = crypto.randomUUID();
    const first = await pick(player, key, questionId);
    // The body as raw text, so its spelling is ours rather than the client's.
    const respelt = await callJson("/api/picks", {
      method: "POST",
      headers: { ...player.bearer, "Idempotency-Key": key, "Content-Type": "application/json; charset=utf-8" },
      body: `{ "multiplier": 2,  "note": "ignored", "choice": "yes", "questionId": ${JSON.stringify(questionId)} }`,
    });
    expect(respelt).toMatchObject({ status: 201, body: first.body });
    expect(await picksOn(questionId)).toBe(1);
  });

  it("fingerprints method, path and body, whatever the order of the body's keys", async () => {
    const base = await requestFingerprint("POST", "/api/picks", { a: 1, b: { c: [1, { d: 2, e: 3 }] } });
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(await requestFingerprint("POST", "/api/picks", { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(base);
    expect(await requestFingerprint("POST", "/api/other", { a: 1, b: { c: [1, { d: 2, e: 3 }] } })).not.toBe(base);
    expect(await requestFingerprint("POST", "/api/picks", { a: 2, b: { c: [1, { d: 2, e: 3 }] } })).not.toBe(base);
    expect(await requestFingerprint("POST", "/api/picks", undefined)).toBe(
      await requestFingerprint("POST", "/api/picks", null),
    );
  });

  it("answers a receipt that has no fingerprint by its route", async () => {
    const player = await signedInPlayer(50);
    // A real answer of the route, stored as a receipt written before receipts had fingerprints.
    const earlier = await pick(player, crypto.randomUUID(), await insertQuestion());
    const key = crypto.randomUUID();
    await shardOf(player.userId)
      .prepare(
        "INSERT INTO idempotent_responses (user_id, idempotency_key, route, status, body, created_at) VALUES (?, ?, ?, 201, ?, ?)",
      )
      .bind(player.userId, key, "POST /api/picks", JSON.stringify(earlier.body), Date.now())
      .run();
    expect(await pick(player, key, await insertQuestion())).toEqual(earlier);
    expect(await join(player, key, await insertContest())).toMatchObject({ status: 422, body: REUSED });
  });
});
