import type autocannon from "autocannon";
import { BUDGETS, PICKING_USERS } from "../config";
import { QUESTIONS, questionId } from "../lib/dataset-sql";
import type { Session } from "../lib/api";
import { measurePaired, THROUGHPUT, type LoadSummary } from "../lib/load";
import { verdict, type BenchContext, type ScenarioResult } from "../lib/results";
import { userId } from "../../scripts/lib/players-sql";
import { round } from "../../scripts/lib/stats";
import { appSqlUrl } from "./throughput";

const RESERVE = QUESTIONS.reserve.to - QUESTIONS.reserve.from;
/** The bare pick handler's players: dataset players the app's picks scenario and the SQL replay never use. */
const BARE_PLAYERS_FROM = 10_000;

/**
 * Request n is player n % P's m-th pick (m = n / P) on reserve question (player + m) % R: never the same player and
 * question twice while m < R, and spread over R question rows so no single pick_count row takes every write.
 */
const pickSequence = (players: number) => {
  let n = 0;
  return () => {
    const player = n % players;
    const m = Math.floor(n / players);
    n += 1;
    return {
      player,
      question: questionId(QUESTIONS.reserve.from + ((player + m) % RESERVE)),
      choice: n % 2 ? "yes" : "no",
    };
  };
};

/** Keeps what autocannon put in the request (its Host header among them) and sets this pick's player and question. */
export const pickRequest = (sessions: Session[]) => {
  const next = pickSequence(sessions.length);
  return (request: autocannon.Request): autocannon.Request => {
    const { player, question, choice } = next();
    return {
      ...request,
      method: "POST",
      headers: {
        ...request.headers,
        Authorization: `Bearer ${sessions[player]?.token ?? ""}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ questionId: question, choice, multiplier: 1 }),
    };
  };
};

const barePickRequest = () => {
  const next = pickSequence(PICKING_USERS);
  return (request: autocannon.Request): autocannon.Request => {
    const { player, question } = next();
    return {
      ...request,
      method: "POST",
      path: `/pick?user=${userId(BARE_PLAYERS_FROM + player)}&question=${question}`,
    };
  };
};

export const picks = async (ctx: BenchContext, sessions: Session[], d1: LoadSummary): Promise<ScenarioResult> => {
  ctx.log(
    `POST /api/picks as ${sessions.length} users vs the pick batch alone for ${PICKING_USERS} fresh players (bare handler beside the app), in turn`,
  );
  const {
    baseline: bare,
    app: loaded,
    ratios,
    ratio,
  } = await measurePaired(
    { url: `${appSqlUrl(ctx)}/pick`, method: "POST", setupRequest: barePickRequest() },
    { url: `${ctx.app.url}/api/picks`, method: "POST", setupRequest: pickRequest(sessions) },
    THROUGHPUT,
  );
  return {
    id: "picks",
    title: `POST /api/picks, ${PICKING_USERS} players, ${THROUGHPUT.connections} connections`,
    figures: {
      rps: loaded.rps,
      p50Ms: loaded.p50Ms,
      p99Ms: loaded.p99Ms,
      failed: loaded.failed,
      resets: loaded.resets,
      baselineRps: bare.rps,
      baselineP50Ms: bare.p50Ms,
      baselineFailed: bare.failed,
      baselineResets: bare.resets,
      roundRatios: ratios.join(" "),
      oldBaselineD1Rps: d1.rps,
      oldRatioToD1: round(loaded.rps / d1.rps, 2),
    },
    ratio,
    budget: `>= ${BUDGETS.picksRatio} x a bare handler running the same pick batch`,
    verdict: verdict(ratio >= BUDGETS.picksRatio && loaded.failed === 0 && bare.failed === 0),
    runs: { picks: loaded.runs, bare: bare.runs },
  };
};
