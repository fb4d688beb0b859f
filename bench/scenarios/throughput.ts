import { BUDGETS } from "../config";
import { authHeaders } from "../lib/api";
import { measureLoad, SERIAL, THROUGHPUT, type LoadSummary } from "../lib/load";
import { verdict, type BenchContext, type ScenarioResult } from "../lib/results";
import { round } from "../../scripts/lib/stats";

const figures = (summary: LoadSummary) => ({ rps: summary.rps, p50Ms: summary.p50Ms, p99Ms: summary.p99Ms, failed: summary.failed });

export const healthVsHello = async (ctx: BenchContext): Promise<ScenarioResult> => {
  ctx.log("GET /api/health vs bare hello");
  const hello = await measureLoad({ url: `${ctx.baseline.url}/hello` }, THROUGHPUT);
  const health = await measureLoad({ url: `${ctx.app.url}/api/health` }, THROUGHPUT);
  const ratio = round(health.rps / hello.rps, 2);
  return {
    id: "health",
    title: `GET /api/health, ${THROUGHPUT.connections} connections`,
    figures: { ...figures(health), baselineRps: hello.rps, baselineP50Ms: hello.p50Ms },
    ratio,
    budget: `>= ${BUDGETS.healthRatio} x bare hello req/s`,
    verdict: verdict(ratio >= BUDGETS.healthRatio && health.failed === 0),
    runs: { health: health.runs, hello: hello.runs },
  };
};

/** The bare D1 SELECT is the denominator of the feed and the picks ratios; measured once, right before the feed. */
export const measureD1Baseline = (ctx: BenchContext) => {
  ctx.log("bare D1 SELECT baseline");
  return measureLoad({ url: `${ctx.baseline.url}/d1` }, THROUGHPUT);
};

export const feedVsD1 = async (ctx: BenchContext, d1: LoadSummary): Promise<ScenarioResult[]> => {
  ctx.log("GET /api/questions signed in");
  const target = { url: `${ctx.app.url}/api/questions`, headers: authHeaders(await ctx.player()) };
  const loaded = await measureLoad(target, THROUGHPUT);
  const serial = await measureLoad(target, SERIAL);
  const ratio = round(loaded.rps / d1.rps, 2);
  return [
    {
      id: "feed-throughput",
      title: `GET /api/questions (20 cards, signed in, default sort), ${THROUGHPUT.connections} connections`,
      figures: { ...figures(loaded), baselineRps: d1.rps, baselineP50Ms: d1.p50Ms },
      ratio,
      budget: `>= ${BUDGETS.feedRatio} x bare D1 SELECT req/s`,
      verdict: verdict(ratio >= BUDGETS.feedRatio && loaded.failed === 0),
      runs: { feed: loaded.runs, d1: d1.runs },
    },
    {
      id: "feed-latency",
      title: "GET /api/questions (signed in, default sort), 1 connection",
      figures: figures(serial),
      budget: `p50 <= ${BUDGETS.feedP50Ms} ms`,
      verdict: verdict(serial.p50Ms <= BUDGETS.feedP50Ms && serial.failed === 0),
      runs: serial.runs,
    },
  ];
};
