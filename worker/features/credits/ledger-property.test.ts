import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { putOutcome } from "../../test/admin";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { callJson } from "../../test/http";
import { balanceOf, grantCredits } from "../../test/ledger";
import { createPlayer } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { submitPick } from "../picks/submit-pick.service";
import { auditLedger } from "./ledger.audit";
import { LedgerModel, type Outcome } from "./ledger-model";

const RUNS = Number(env.PROPERTY_RUNS);
const SEED = Number(env.PROPERTY_SEED);

const command = fc.oneof(
  fc.record({ kind: fc.constant("buy" as const), player: fc.nat(2), credits: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant("pick" as const), player: fc.nat(2), question: fc.nat(3), choice: fc.constantFrom("yes" as const, "no" as const), multiplier: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant("resolve" as const), question: fc.nat(3), outcome: fc.constantFrom<Outcome>("unresolved", "A", "B", "void") }),
  fc.record({ kind: fc.constant("delete" as const), question: fc.nat(3) }),
);

describe("ledger model", () => {
  it("agrees with the real worker after every command, and the audit stays clean", async () => {
    const admin: TestAccount = await signUpAndLogin("admin@example.com");
    console.log(`ledger property: ${RUNS} runs, seed ${SEED} (replay with PROPERTY_SEED=${SEED})`);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 40 }), async (commands) => {
        const model = new LedgerModel();
        const players = await Promise.all([0, 1, 2].map(() => createPlayer()));
        players.forEach((p) => model.addPlayer(p));
        const questions = await Promise.all([0, 2, 1, 3].map((cost) => insertQuestion({ creditCost: cost })));
        questions.forEach((q, i) => model.addQuestion(q, [0, 2, 1, 3][i] ?? 1));

        for (const step of commands) {
          if (step.kind === "buy") {
            const player = players[step.player] ?? "";
            await grantCredits(player, step.credits);
            model.buy(player, step.credits);
          } else if (step.kind === "pick") {
            const player = players[step.player] ?? "";
            const question = questions[step.question] ?? "";
            const expected = model.pick(player, question, step.choice, step.multiplier);
            const accepted = await submitPick(env.DB, { userId: player, questionId: question, choice: step.choice, multiplier: step.multiplier, now: Date.now() })
              .then(() => true)
              .catch(() => false);
            expect(accepted, JSON.stringify(step)).toBe(expected);
          } else if (step.kind === "resolve") {
            const question = questions[step.question] ?? "";
            if (model.questions.get(question)?.deleted) continue;
            expect((await putOutcome(admin, question, step.outcome)).status).toBe(200);
            model.resolve(question, step.outcome);
          } else {
            const question = questions[step.question] ?? "";
            const { status } = await callJson(`/api/admin/questions/${question}`, { method: "DELETE", headers: admin.bearer });
            expect([200, 404]).toContain(status);
            model.delete(question);
          }
          for (const player of players) expect(await balanceOf(player), `${player} after ${JSON.stringify(step)}`).toBe(model.balance(player));
          expect(await auditLedger(env.DB)).toEqual([]);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 600_000);
});
