import { BUDGETS, DATASET, SETTLEMENT } from "../config";
import { getJson, sendJson } from "../lib/api";
import { QUESTIONS, questionId } from "../lib/dataset-sql";
import { sleep } from "../../scripts/lib/processes";
import type { BenchContext } from "../lib/results";

type AdminQuestion = { question?: { pendingSettlement: number; settlementVersion: number; settledVersion: number } };
type OutcomeResult = { picksUpdated: number; complete: boolean };

/**
 * One settlement pass: the outcome request, or one call of the every-minute cron. `answeredAt` is when the request
 * returned (a cron call waits for the previous pass's waitUntil work, its live events, to end); `settledAt` is when
 * the pass stopped settling picks.
 */
export type SettlementPass = {
  kind: "outcome request" | "cron";
  startedAt: number;
  answeredAt: number;
  settledAt: number;
  pendingAfter: number;
};
export type SettlementTrace = {
  questionId: string;
  picks: number;
  totalMs: number;
  passes: SettlementPass[];
  complete: boolean;
};

export const HOT_QUESTION = questionId(QUESTIONS.hot);
const POLL_MS = 1_000;
/** A pass whose count has not moved for this many polls has finished settling. */
const STILL_POLLS = 2;

/** Reads can wait long behind the live events' queries on the single D1 thread: they may take until the deadline. */
const pending = async (ctx: BenchContext, deadline: number) => {
  const timeout = Math.max(5_000, deadline - Date.now());
  const body = await getJson<AdminQuestion>(
    `${ctx.app.url}/api/admin/questions/${HOT_QUESTION}`,
    await ctx.admin(),
    timeout,
  );
  const question = body.question;
  if (!question) throw new Error("GET /api/admin/questions/:id answered without a question");
  return { left: question.pendingSettlement, done: question.settledVersion >= question.settlementVersion };
};

/** The value, or null once `ms` have passed without it. */
const withinMs = <T>(work: Promise<T>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([work.catch(() => null), timeout]).finally(() => clearTimeout(timer));
};

const waitForPass = async (ctx: BenchContext, before: number, deadline: number) => {
  let state = await pending(ctx, deadline);
  let still = 0;
  while (!state.done && state.left > 0 && still < STILL_POLLS && Date.now() < deadline) {
    await sleep(POLL_MS);
    const next = await pending(ctx, deadline);
    still = next.left === state.left && next.left < before ? still + 1 : 0;
    state = next;
  }
  return state;
};

/**
 * Resolves the question every user picked (100,000 picks) as an admin would, then calls the every-minute cron,
 * each call once the previous pass has stopped settling, until nothing is left or the bench's bound is reached;
 * meanwhile the settlement queue's consumer settles from the message the outcome request left.
 * Batch times come afterwards from the picks' own settlement stamps (settlement-analysis.ts).
 */
export const settle = async (ctx: BenchContext): Promise<SettlementTrace> => {
  ctx.log(`settlement of ${HOT_QUESTION}`);
  const started = Date.now();
  const deadline = started + SETTLEMENT.maxMs;
  const outcome = await sendJson<OutcomeResult>(
    "PUT",
    `${ctx.app.url}/api/admin/questions/${HOT_QUESTION}/outcome`,
    { outcome: "A" },
    await ctx.admin(),
    120_000,
  );
  const answered = Date.now();
  let state = { left: DATASET.users - outcome.picksUpdated, done: outcome.complete };
  const passes: SettlementPass[] = [
    {
      kind: "outcome request",
      startedAt: started,
      answeredAt: answered,
      settledAt: answered,
      pendingAfter: state.left,
    },
  ];
  ctx.log(`  outcome request: ${outcome.picksUpdated} picks in ${answered - started} ms`);
  while (!state.done && passes.length <= SETTLEMENT.maxCronCalls && Date.now() < deadline) {
    const startedAt = Date.now();
    // Still unanswered when the bound comes (the previous pass's live events are still going out): the pass may
    // have started settling all the same, so it is kept for the batch analysis, and the scenario stops there.
    const outcome = await withinMs(ctx.app.scheduled("* * * * *"), Math.max(1_000, deadline - startedAt));
    if (outcome === null) {
      passes.push({ kind: "cron", startedAt, answeredAt: Date.now(), settledAt: Date.now(), pendingAfter: state.left });
      break;
    }
    if (outcome !== "ok") throw new Error(`the every-minute cron ended with "${outcome}"`);
    const answeredAt = Date.now();
    const after = await waitForPass(ctx, state.left, deadline).catch(() => null);
    if (!after) break;
    state = after;
    passes.push({ kind: "cron", startedAt, answeredAt, settledAt: Date.now(), pendingAfter: state.left });
    ctx.log(`  cron pass ${passes.length - 1}: answered after ${answeredAt - startedAt} ms, ${state.left} left`);
  }
  return {
    questionId: HOT_QUESTION,
    picks: DATASET.users,
    totalMs: Date.now() - started,
    passes,
    complete: state.done,
  };
};

export const settlementBudgetText = `finished by the settlement queue and the cron in bounded batches; no batch over ${BUDGETS.settlementBatchMs} ms`;
