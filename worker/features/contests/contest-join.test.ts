import { describe, expect, it } from "vitest";
import { insertContest } from "../../test/contests";
import { apiClient, bodyAt, successOf } from "../../test/client";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { signedInPlayer } from "../../test/sessions";
import { shardOf, sumOverShards } from "../../test/players";

const DAY = 24 * 60 * 60 * 1000;

const joinAs = (contestId: string, headers: Record<string, string>) =>
  apiClient({ headers }).contests[":id"].join.$post({ param: { id: contestId }, header: {} });
/** Plain numbers: the client types only a route's success status, since its error answers are thrown, not returned. */
const statusesOf = (responses: { status: number }[]) => responses.map((r) => r.status);

const fees = async (contestId: string, userId: string) =>
  (
    await shardOf(userId)
      .prepare("SELECT count(*) AS n FROM credit_transactions WHERE idempotency_key = ?")
      .bind(`contest:${contestId}:${userId}`)
      .first<{ n: number }>()
  )?.n;

describe("POST /api/contests/:id/join", () => {
  it("takes 15 credits through the ledger and enters the player once", async () => {
    const contestId = await insertContest();
    const player = await signedInPlayer(40);
    const { status, body } = await successOf(joinAs(contestId, player.bearer));
    expect(status).toBe(201);
    expect(body.credits.balance).toBe(25);
    expect(body.contest).toMatchObject({ id: contestId, entrants: 1, me: { rank: 1, score: 0 } });
    const spend = await shardOf(player.userId)
      .prepare("SELECT amount, transaction_type, description FROM credit_transactions WHERE idempotency_key = ?")
      .bind(`contest:${contestId}:${player.userId}`)
      .first();
    expect(spend).toEqual({ amount: -15, transaction_type: "spend", description: "Contest entry: Test Challenge" });

    const again = await joinAs(contestId, player.bearer);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: "duplicate", message: "You have already joined this contest" },
    });
    expect(await balanceOf(player.userId)).toBe(25);
    await expectLedgerClean();
  });

  it("lets an upcoming contest be joined before it starts", async () => {
    const contestId = await insertContest({ startsAt: Date.now() + DAY });
    const player = await signedInPlayer(15);
    expect((await joinAs(contestId, player.bearer)).status).toBe(201);
    expect(await balanceOf(player.userId)).toBe(0);
  });

  it("charges the fee once when the same player joins many times at once", async () => {
    const contestId = await insertContest();
    const player = await signedInPlayer(100);
    const replies = await Promise.all(Array.from({ length: 12 }, () => joinAs(contestId, player.bearer)));
    const statuses = statusesOf(replies);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const duplicates = await Promise.all(replies.filter((_, i) => statuses[i] === 409).map((r) => r.json()));
    for (const body of duplicates)
      expect(body).toMatchObject({ error: { message: "You have already joined this contest" } });
    expect(duplicates).toHaveLength(11);
    expect(await balanceOf(player.userId)).toBe(85);
    expect(await fees(contestId, player.userId)).toBe(1);
    await expectLedgerClean();
  });

  it("lets many players join at once, each paying once", async () => {
    const contestId = await insertContest();
    const players = await Promise.all(Array.from({ length: 20 }, () => signedInPlayer(15)));
    const replies = await Promise.all(
      players.flatMap((p) => [joinAs(contestId, p.bearer), joinAs(contestId, p.bearer)]),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(20);
    for (const p of players) expect(await balanceOf(p.userId)).toBe(0);
    expect(await sumOverShards("SELECT count(*) FROM contest_entries WHERE contest_id = ?", contestId)).toBe(20);
    await expectLedgerClean();
  });

  it("answers the product's messages: too few credits, signed out, no such or no longer active contest", async () => {
    const contestId = await insertContest();
    const poor = await signedInPlayer(14);
    const short = await joinAs(contestId, poor.bearer);
    expect(short.status).toBe(402);
    expect(await short.json()).toMatchObject({
      error: { code: "insufficient_credits", message: "You need at least 15 credits to join the contest" },
    });
    expect(await balanceOf(poor.userId)).toBe(14);

    const visitor = await joinAs(contestId, {});
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({
      error: { code: "unauthorized", message: "Please sign in to join the contest" },
    });

    const player = await signedInPlayer(50);
    const missing = await joinAs("no-such-contest", player.bearer);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: "No active contest available" } });
    const ended = await insertContest({ startsAt: Date.now() - 4 * DAY, days: 3 });
    const late = await joinAs(ended, player.bearer);
    expect(late.status).toBe(422);
    expect(await late.json()).toEqual({ error: { code: "rule_violation", message: "No active contest available" } });
    expect(await balanceOf(player.userId)).toBe(50);
    await expectLedgerClean();
  });

  it("answers a repeat with the same Idempotency-Key with the first answer", async () => {
    const contestId = await insertContest();
    const player = await signedInPlayer(30);
    const headers = { ...player.bearer, "Idempotency-Key": "join-1" };
    const [first, second] = [await joinAs(contestId, headers), await joinAs(contestId, headers)];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await bodyAt(second, 201)).credits.balance).toBe(15);
    expect(await balanceOf(player.userId)).toBe(15);
  });
});
