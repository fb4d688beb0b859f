import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { OUTCOMES_BY_TYPE } from "#shared/sports";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { putOutcome, questionState } from "../../test/admin";
import { expectLedgerClean } from "../../test/ledger";
import { createPlayer, placePick, shardOf, sumOverShards } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { pickResult, type ResolvedPick } from "../picks/streak";

let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const START = 100;

const bet = fc.record({
  choice: fc.constantFrom("yes" as const, "no" as const),
  multiplier: fc.integer({ min: 1, max: 5 }),
});

const scenario = fc.record({
  questionType: fc.constantFrom("standard" as const, "over_under" as const),
  creditCost: fc.constantFrom(0, 1, 3),
  bets: fc.array(bet, { minLength: 1, maxLength: 4 }),
  // Indexes into the type's outcomes, so every step is a valid outcome for the question.
  steps: fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 6 }),
});

type Credits = { balance: number; redeemable: number; total_earned: number };

/** What settling only `outcome` would leave a player with who started at START and placed `choice` x `multiplier`. */
const settledAlone = (
  creditCost: number,
  choice: "yes" | "no",
  multiplier: number,
  outcome: ResolvedPick["outcome"],
): Credits => {
  const cost = creditCost * (creditCost === 0 ? 1 : multiplier);
  const payout = creditCost === 0 ? 2 : cost * 2;
  const result = outcome === "unresolved" ? "active" : pickResult({ choice, outcome });
  const back = result === "won" ? payout : result === "void" ? cost : 0;
  return { balance: START - cost + back, redeemable: result === "won" ? payout : 0, total_earned: START + back };
};

describe("changing outcomes in any order", () => {
  it("leaves every balance exactly as settling the last outcome alone would", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ questionType, creditCost, bets, steps }) => {
        const questionId = await insertQuestion({ questionType, creditCost });
        const players: { userId: string; choice: "yes" | "no"; multiplier: number }[] = [];
        for (const { choice, multiplier } of bets) {
          const userId = await createPlayer(START);
          await placePick(userId, questionId, choice, multiplier);
          players.push({ userId, choice, multiplier });
        }
        const outcomes = OUTCOMES_BY_TYPE[questionType];
        for (const step of steps) {
          const { status } = await putOutcome(admin, questionId, outcomes[step]!);
          expect(status).toBe(200);
        }
        const final = outcomes[steps.at(-1)!]!;
        expect(await questionState(questionId)).toMatchObject({ outcome: final });
        for (const player of players) {
          const credits = await shardOf(player.userId)
            .prepare("SELECT balance, redeemable, total_earned FROM user_credits WHERE user_id = ?")
            .bind(player.userId)
            .first<Credits>();
          expect(credits).toEqual(settledAlone(creditCost, player.choice, player.multiplier, final));
        }
        const wins = await sumOverShards(
          "SELECT count(*) FROM activity_feed WHERE question_id = ? AND kind = 'win'",
          questionId,
        );
        const winners = players.filter(
          (p) => final !== "unresolved" && pickResult({ choice: p.choice, outcome: final }) === "won",
        );
        expect(wins).toBe(winners.length);
      }),
      { numRuns: 30 },
    );
    await expectLedgerClean();
  }, 300_000);
});
