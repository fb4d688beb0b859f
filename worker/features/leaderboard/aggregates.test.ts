import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { putOutcome } from "../../test/admin";
import { recomputedAggregates, storedAggregates } from "../../test/community";
import { entryOf, insertContest, join, recomputedScores } from "../../test/contests";
import { callJson } from "../../test/http";
import { expectLedgerClean } from "../../test/ledger";
import { createPlayer, insertBulkPicks, placePick, shardOf } from "../../test/players";
import { insertQuestion } from "../../test/questions";

let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

/** The leaderboards and contest scores equal a fresh computation from the picks, whatever happened before. */
const expectAggregatesExact = async () => {
  expect(await storedAggregates()).toEqual(await recomputedAggregates());
  for (const row of await recomputedScores())
    expect(row.stored, `${row.user_id} in ${row.contest_id}`).toBe(row.computed);
};

const totalsOf = (userId: string) =>
  shardOf(userId)
    .prepare("SELECT wins, losses, voids, net_credits, points FROM leaderboard_totals WHERE user_id = ?")
    .bind(userId)
    .first();

describe("leaderboard aggregates kept by settlement", () => {
  it("follow every outcome change of a question: A, then B, then void, then undone, then A again", async () => {
    const contestId = await insertContest();
    const questionId = await insertQuestion({ creditCost: 4 });
    const yes = await createPlayer(100);
    const no = await createPlayer(100);
    await join(contestId, yes);
    await join(contestId, no);
    await placePick(yes, questionId, "yes", 2);
    await placePick(no, questionId, "no");
    await insertBulkPicks(questionId, { count: 120, cost: 4, startBalance: 20 });

    await putOutcome(admin, questionId, "A");
    expect(await totalsOf(yes)).toEqual({ wins: 1, losses: 0, voids: 0, net_credits: 8, points: 16 });
    expect(await totalsOf(no)).toEqual({ wins: 0, losses: 1, voids: 0, net_credits: -4, points: 0 });
    expect((await entryOf(contestId, yes))?.score).toBe(1);
    await expectAggregatesExact();

    await putOutcome(admin, questionId, "B");
    expect(await totalsOf(yes)).toEqual({ wins: 0, losses: 1, voids: 0, net_credits: -8, points: 0 });
    expect(await totalsOf(no)).toEqual({ wins: 1, losses: 0, voids: 0, net_credits: 4, points: 8 });
    expect([(await entryOf(contestId, yes))?.score, (await entryOf(contestId, no))?.score]).toEqual([0, 1]);
    await expectAggregatesExact();

    for (const outcome of ["void", "unresolved", "A"]) {
      await putOutcome(admin, questionId, outcome);
      await expectAggregatesExact();
    }
    expect(await totalsOf(yes)).toMatchObject({ wins: 1, points: 16 });
    await expectLedgerClean();
  });

  it("take a deleted question's settled picks back out, contests included", async () => {
    const contestId = await insertContest();
    const kept = await insertQuestion({ creditCost: 1 });
    const removed = await insertQuestion({ creditCost: 3 });
    const player = await createPlayer(50);
    await join(contestId, player);
    await placePick(player, kept, "yes");
    await placePick(player, removed, "yes");
    await insertBulkPicks(removed, { count: 75, cost: 3, startBalance: 10 });
    await putOutcome(admin, kept, "A");
    await putOutcome(admin, removed, "A");
    expect(await totalsOf(player)).toMatchObject({ wins: 2, points: 8 });

    const { status } = await callJson(`/api/admin/questions/${removed}`, { method: "DELETE", headers: admin.bearer });
    expect(status).toBe(200);
    expect(await totalsOf(player)).toEqual({ wins: 1, losses: 0, voids: 0, net_credits: 1, points: 2 });
    expect((await entryOf(contestId, player))?.score).toBe(1);
    await expectAggregatesExact();
    await expectLedgerClean();
  });
});
