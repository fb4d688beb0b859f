import type autocannon from "autocannon";
import { BUDGETS, PICKING_USERS } from "../config";
import { QUESTIONS, questionId } from "../lib/dataset-sql";
import type { Session } from "../lib/api";
import { measureLoad, THROUGHPUT, type LoadSummary } from "../lib/load";
import { verdict, type BenchContext, type ScenarioResult } from "../lib/results";
import { round } from "../../scripts/lib/stats";

const RESERVE = QUESTIONS.reserve.to - QUESTIONS.reserve.from;

/**
 * Request n is user n % U's m-th pick (m = n / U) on reserve question (user + m) % R: never the same user and
 * question twice while m < R, and spread over R question rows so no single pick_count row takes every write.
 */
export const pickRequest = (sessions: Session[]) => {
  let n = 0;
  // Keeps what autocannon put in the request (its Host header among them) and sets this pick's user and question.
  return (request: autocannon.Request): autocannon.Request => {
    const user = n % sessions.length;
    const m = Math.floor(n / sessions.length);
    n += 1;
    const body = { questionId: questionId(QUESTIONS.reserve.from + ((user + m) % RESERVE)), choice: n % 2 ? "yes" : "no", multiplier: 1 };
    return {
      ...request,
      method: "POST",
      headers: { ...request.headers, Authorization: `Bearer ${sessions[user]?.token ?? ""}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    };
  };
};

export const picks = async (ctx: BenchContext, sessions: Session[], d1: LoadSummary): Promise<ScenarioResult> => {
  ctx.log(`POST /api/picks as ${sessions.length} users`);
  const loaded = await measureLoad({ url: `${ctx.app.url}/api/picks`, method: "POST", setupRequest: pickRequest(sessions) }, THROUGHPUT);
  const ratio = round(loaded.rps / d1.rps, 2);
  return {
    id: "picks",
    title: `POST /api/picks, ${PICKING_USERS} players, ${THROUGHPUT.connections} connections`,
    figures: { rps: loaded.rps, p50Ms: loaded.p50Ms, p99Ms: loaded.p99Ms, failed: loaded.failed, baselineRps: d1.rps },
    ratio,
    budget: `>= ${BUDGETS.picksRatio} x bare D1 SELECT req/s`,
    verdict: verdict(ratio >= BUDGETS.picksRatio && loaded.failed === 0),
    runs: loaded.runs,
  };
};
