import { BUDGETS } from "../config";
import { authHeaders, claimsOf } from "../lib/api";
import { measureLoad, measurePaired, SERIAL, THROUGHPUT, type LoadSummary } from "../lib/load";
import { verdict, type BenchContext, type ScenarioResult } from "../lib/results";
import { round } from "../../scripts/lib/stats";

const figures = (summary: LoadSummary) => ({
  rps: summary.rps,
  p50Ms: summary.p50Ms,
  p99Ms: summary.p99Ms,
  failed: summary.failed,
  resets: summary.resets,
});

export const healthVsHello = async (ctx: BenchContext): Promise<ScenarioResult> => {
  ctx.log("GET /api/health vs bare hello, in turn");
  const {
    baseline: hello,
    app: health,
    ratios,
    ratio,
  } = await measurePaired({ url: `${ctx.baseline.url}/hello` }, { url: `${ctx.app.url}/api/health` }, THROUGHPUT);
  return {
    id: "health",
    title: `GET /api/health, ${THROUGHPUT.connections} connections`,
    figures: {
      ...figures(health),
      baselineRps: hello.rps,
      baselineP50Ms: hello.p50Ms,
      baselineResets: hello.resets,
      roundRatios: ratios.join(" "),
    },
    ratio,
    budget: `>= ${BUDGETS.healthRatio} x bare hello req/s`,
    verdict: verdict(ratio >= BUDGETS.healthRatio && health.failed === 0),
    runs: { health: health.runs, hello: hello.runs },
  };
};

/** The bare D1 SELECT: the feed's and the picks' old denominator, kept beside their new baselines. */
export const measureD1Baseline = (ctx: BenchContext) => {
  ctx.log("bare D1 SELECT baseline");
  return measureLoad({ url: `${ctx.baseline.url}/d1` }, THROUGHPUT);
};

/** The companion worker beside the app (bench/baseline/app-sql.ts): bare handlers running the app's own SQL. */
export const appSqlUrl = (ctx: BenchContext) => {
  if (!ctx.app.companionUrl) throw new Error("The app was started without its app-SQL baseline beside it");
  return ctx.app.companionUrl;
};

export const feedVsItsSql = async (ctx: BenchContext, d1: LoadSummary): Promise<ScenarioResult[]> => {
  const session = await ctx.player();
  const { userId, sessionId } = claimsOf(session);
  ctx.log("GET /api/questions signed in vs the feed's batch alone (bare handler beside the app), in turn");
  const target = { url: `${ctx.app.url}/api/questions`, headers: authHeaders(session) };
  const bareTarget = {
    url: `${appSqlUrl(ctx)}/feed?session=${encodeURIComponent(sessionId)}&user=${encodeURIComponent(userId)}`,
  };
  const { baseline: bare, app: loaded, ratios, ratio } = await measurePaired(bareTarget, target, THROUGHPUT);
  const serial = await measureLoad(target, SERIAL);
  return [
    {
      id: "feed-throughput",
      title: `GET /api/questions (20 cards, signed in, default sort), ${THROUGHPUT.connections} connections`,
      figures: {
        ...figures(loaded),
        baselineRps: bare.rps,
        baselineP50Ms: bare.p50Ms,
        baselineResets: bare.resets,
        roundRatios: ratios.join(" "),
        oldBaselineD1Rps: d1.rps,
        oldRatioToD1: round(loaded.rps / d1.rps, 2),
      },
      ratio,
      budget: `>= ${BUDGETS.feedRatio} x a bare handler running the same SQL batch (session check and page)`,
      verdict: verdict(ratio >= BUDGETS.feedRatio && loaded.failed === 0 && bare.failed === 0),
      runs: { feed: loaded.runs, bare: bare.runs },
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
