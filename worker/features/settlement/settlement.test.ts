import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { pickState, putOutcome, questionState } from "../../test/admin";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import {
  allInEveryTestShard,
  createPlayer,
  placePick,
  shardOf,
  summedOverShards,
  sumOverShards,
} from "../../test/players";
import { insertQuestion } from "../../test/questions";

let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

type Bet = { choice: "yes" | "no"; multiplier: number };

/** A question with one fresh player (balance 100) per bet. */
const scenario = async (bets: Bet[], question: Parameters<typeof insertQuestion>[0] = {}) => {
  const questionId = await insertQuestion({ creditCost: 3, ...question });
  const players = [];
  for (const bet of bets) {
    const userId = await createPlayer(100);
    players.push({ userId, pickId: await placePick(userId, questionId, bet.choice, bet.multiplier) });
  }
  return { questionId, players };
};

const balances = (players: { userId: string }[]) => Promise.all(players.map((player) => balanceOf(player.userId)));

const BETS: Bet[] = [
  { choice: "yes", multiplier: 1 },
  { choice: "yes", multiplier: 3 },
  { choice: "no", multiplier: 2 },
  { choice: "no", multiplier: 5 },
];

describe("PUT /api/admin/questions/:id/outcome settles at once", () => {
  it("pays option A's pickers 2 x cost x multiplier and nothing to B's", async () => {
    const { questionId, players } = await scenario(BETS);
    const { status, body } = await putOutcome(admin, questionId, "A");
    expect(status).toBe(200);
    expect(body).toEqual({ picksUpdated: 4, creditsAwarded: 6 + 18, complete: true });
    expect(await balances(players)).toEqual([103, 109, 94, 85]);
    expect(await pickState(players[1]!.pickId)).toEqual({ status: "won", actual_payout: 18, settled_version: 1 });
    expect(await pickState(players[2]!.pickId)).toEqual({ status: "lost", actual_payout: 0, settled_version: 1 });
    expect(await questionState(questionId)).toEqual({
      status: "resolved",
      outcome: "A",
      settlement_version: 1,
      settled_version: 1,
    });
    await expectLedgerClean();
  });

  it("pays option B's pickers when B wins", async () => {
    const { questionId, players } = await scenario(BETS);
    expect((await putOutcome(admin, questionId, "B")).body.creditsAwarded).toBe(12 + 30);
    expect(await balances(players)).toEqual([97, 91, 106, 115]);
    await expectLedgerClean();
  });

  it("settles over/under questions by over and under", async () => {
    const overUnder = {
      questionType: "over_under" as const,
      answerOptionA: "Over",
      answerOptionB: "Under",
      creditCost: 2,
    };
    const over = await scenario(BETS, overUnder);
    await putOutcome(admin, over.questionId, "over");
    expect(await balances(over.players)).toEqual([102, 106, 96, 90]);
    const under = await scenario(BETS, overUnder);
    await putOutcome(admin, under.questionId, "under");
    expect(await balances(under.players)).toEqual([98, 94, 104, 110]);
    await expectLedgerClean();
  });

  it("refunds every pick's credits on void", async () => {
    const { questionId, players } = await scenario(BETS);
    const { body } = await putOutcome(admin, questionId, "void");
    expect(body).toMatchObject({ picksUpdated: 4, creditsAwarded: 3 + 9 + 6 + 15 });
    expect(await balances(players)).toEqual([100, 100, 100, 100]);
    expect(await pickState(players[3]!.pickId)).toEqual({ status: "void", actual_payout: 15, settled_version: 1 });
    const refunds = await allInEveryTestShard<{ source: string }>(
      "SELECT source FROM credit_transactions WHERE question_id = ? AND transaction_type = 'refund'",
      questionId,
    );
    expect(refunds.map((row) => row.source)).toEqual(["purchased", "purchased", "purchased", "purchased"]);
    await expectLedgerClean();
  });

  it("pays a correct free pick 2 credits as winnings, and a void free pick nothing", async () => {
    const free = await scenario(
      [
        { choice: "yes", multiplier: 1 },
        { choice: "no", multiplier: 1 },
      ],
      { creditCost: 0 },
    );
    expect((await putOutcome(admin, free.questionId, "A")).body.creditsAwarded).toBe(2);
    expect(await balances(free.players)).toEqual([102, 100]);
    const redeemable = await shardOf(free.players[0]!.userId)
      .prepare("SELECT redeemable FROM user_credits WHERE user_id = ?")
      .bind(free.players[0]!.userId)
      .first<{ redeemable: number }>();
    expect(redeemable?.redeemable).toBe(2);
    const voided = await scenario([{ choice: "yes", multiplier: 1 }], { creditCost: 0 });
    expect((await putOutcome(admin, voided.questionId, "void")).body).toMatchObject({
      picksUpdated: 1,
      creditsAwarded: 0,
    });
    expect(await pickState(voided.players[0]!.pickId)).toMatchObject({ status: "void", actual_payout: 0 });
    await expectLedgerClean();
  });

  it("reverses with compensating rows when the outcome changes, and undoing it reopens the question", async () => {
    const { questionId, players } = await scenario(BETS);
    await putOutcome(admin, questionId, "A");
    await putOutcome(admin, questionId, "B");
    expect(await balances(players)).toEqual([97, 91, 106, 115]);
    const undo = await putOutcome(admin, questionId, "unresolved");
    expect(undo.body).toMatchObject({ picksUpdated: 4, creditsAwarded: 0 });
    expect(await balances(players)).toEqual([97, 91, 94, 85]);
    expect(await pickState(players[2]!.pickId)).toEqual({ status: "active", actual_payout: 0, settled_version: 3 });
    expect(await questionState(questionId)).toEqual({
      status: "published",
      outcome: "unresolved",
      settlement_version: 3,
      settled_version: 3,
    });
    const rows = await summedOverShards(
      "SELECT transaction_type AS type, count(*) AS n, SUM(amount) AS total FROM credit_transactions WHERE question_id = ? AND transaction_type <> 'spend' GROUP BY type ORDER BY type",
      [questionId],
    );
    expect(rows).toEqual([
      { type: "pick_payout", n: 4, total: 24 + 42 },
      { type: "reversal", n: 4, total: -(24 + 42) },
    ]);
    await expectLedgerClean();
  });

  it("writes one win activity entry per winning pick however often the outcome flips", async () => {
    const { questionId, players } = await scenario([
      { choice: "yes", multiplier: 1 },
      { choice: "no", multiplier: 1 },
    ]);
    const wins = async () =>
      (
        await allInEveryTestShard<{ user_id: string }>(
          "SELECT user_id FROM activity_feed WHERE question_id = ? AND kind = 'win'",
          questionId,
        )
      ).map((row) => row.user_id);
    await putOutcome(admin, questionId, "A");
    await putOutcome(admin, questionId, "B");
    expect(await wins()).toEqual([players[1]!.userId]);
    await putOutcome(admin, questionId, "A");
    expect(await wins()).toEqual([players[0]!.userId]);
    await expectLedgerClean();
  });

  it("pays exactly once when five identical outcome calls race", async () => {
    const { questionId, players } = await scenario(BETS);
    const replies = await Promise.all(Array.from({ length: 5 }, () => putOutcome(admin, questionId, "A")));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.reduce((sum, reply) => sum + reply.body.picksUpdated, 0)).toBe(4);
    expect(replies.reduce((sum, reply) => sum + reply.body.creditsAwarded, 0)).toBe(24);
    expect(await balances(players)).toEqual([103, 109, 94, 85]);
    expect(await questionState(questionId)).toMatchObject({ settlement_version: 1, settled_version: 1 });
    const payouts = await sumOverShards(
      "SELECT count(*) FROM credit_transactions WHERE question_id = ? AND transaction_type = 'pick_payout'",
      questionId,
    );
    expect(payouts).toBe(2);
    await expectLedgerClean();
  });

  it("ends in the last stored outcome's settlement when different outcomes race", async () => {
    const { questionId, players } = await scenario(BETS);
    await Promise.all(["A", "B", "void", "A", "B"].map((outcome) => putOutcome(admin, questionId, outcome)));
    const settled = await questionState(questionId);
    expect(settled?.settled_version).toBe(settled?.settlement_version);
    const expected = { A: [103, 109, 94, 85], B: [97, 91, 106, 115], void: [100, 100, 100, 100] }[
      settled!.outcome as "A" | "B" | "void"
    ];
    expect(await balances(players)).toEqual(expected);
    await expectLedgerClean();
  });
});

describe("outcome validation and audit", () => {
  it("accepts only the outcomes of the question's type", async () => {
    const standard = await insertQuestion();
    const overUnder = await insertQuestion({ questionType: "over_under" });
    for (const [questionId, outcome] of [
      [standard, "over"],
      [standard, "under"],
      [overUnder, "A"],
      [overUnder, "B"],
    ] as const) {
      const { status, body } = await putOutcome(admin, questionId, outcome);
      expect(status).toBe(400);
      expect(body.error?.message).toBe("This outcome does not fit the question type");
    }
    const unknown = await putOutcome(admin, standard, "maybe");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe("Please choose an outcome");
    const missing = await putOutcome(admin, "no-such-question", "A");
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe("Question not found");
    expect(await questionState(standard)).toMatchObject({ outcome: "unresolved", settlement_version: 0 });
  });

  it("records who set which outcome, with the state before and after", async () => {
    const questionId = await insertQuestion();
    await putOutcome(admin, questionId, "B");
    const row = await env.DB.prepare(
      "SELECT admin_id, action, entity, before, after FROM admin_audit_log WHERE entity_id = ?",
    )
      .bind(questionId)
      .first<{ admin_id: string; action: string; entity: string; before: string; after: string }>();
    expect(row).toMatchObject({ admin_id: admin.userId, action: "outcome", entity: "question" });
    expect(JSON.parse(row!.before)).toEqual({ outcome: "unresolved", status: "published", settlementVersion: 0 });
    expect(JSON.parse(row!.after)).toEqual({ outcome: "B", status: "resolved", settlementVersion: 1 });
  });
});
