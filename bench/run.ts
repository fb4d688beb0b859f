import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { BENCH_TIMEOUT_MS, BUDGETS, PICKING_USERS } from "./config";
import { login, loginAll, type Session } from "./lib/api";
import { BENCH_PASSWORD, DEMO_ACCOUNTS, DEMO_PASSWORD, findD1File, migrateApp } from "../scripts/lib/local-app";
import { userEmail } from "../scripts/lib/players-sql";
import { generateDataset } from "./lib/dataset";
import { machineInfo } from "../scripts/lib/machine";
import { run } from "../scripts/lib/processes";
import { notMeasured, type BenchContext, type ScenarioResult } from "./lib/results";
import { migrateBaseline, startApp, startBaseline, type Server } from "./lib/servers";
import { analyseSettlement, settlementResult } from "./lib/settlement-analysis";
import { writeReport, type BenchResults } from "./report/write-report";
import { bundleSizes } from "./scenarios/bundle";
import { feedVariants } from "./scenarios/feed-variants";
import { leaderboard } from "./scenarios/leaderboard";
import { lighthouse } from "./scenarios/lighthouse";
import { liveFanOut } from "./scenarios/live";
import { hotPathSql } from "./scenarios/hot-sql";
import { picks } from "./scenarios/picks";
import { settle, settlementBudgetText, type SettlementTrace } from "./scenarios/settlement";
import { appShardPicks } from "./scenarios/app-shards";
import { shardWrites } from "./scenarios/shards";
import { feedVsItsSql, healthVsHello, measureD1Baseline } from "./scenarios/throughput";

const LOG_FILE = ".wrangler/bench-last.log";

const pickSqlMedian = (results: ScenarioResult[]) => {
  const median = results.find((result) => result.id === "pick-sql")?.figures.medianMs;
  return typeof median === "number" ? median : undefined;
};
/** Access tokens live 15 minutes; sign in again well before that. */
const SESSION_MAX_AGE_MS = 10 * 60_000;

const started = Date.now();
const loadAtStart = loadavg()[0] ?? 0;
const log = (message: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

const sessionOf = (baseUrl: string, email: string, password: string) => {
  let session: Session | null = null;
  return async () => {
    if (!session || Date.now() - session.issuedAt > SESSION_MAX_AGE_MS) session = await login(baseUrl, email, password);
    return session;
  };
};

/** A scenario that throws is reported as not measured, with its error, and the bench goes on. */
const attempt = async (
  id: string,
  title: string,
  budget: string,
  scenario: () => Promise<ScenarioResult | ScenarioResult[]>,
) => {
  try {
    const result = await scenario();
    return Array.isArray(result) ? result : [result];
  } catch (error) {
    log(`${id} failed: ${String(error)}`);
    return [notMeasured(id, title, budget, `failed: ${String(error).slice(0, 400)}`)];
  }
};

const main = async () => {
  mkdirSync(".wrangler", { recursive: true });
  const stateDir = mkdtempSync(join(".wrangler", "bench-"));
  // The state is about 750 MB: never leave it behind, even when the watchdog or a signal ends the bench.
  process.once("exit", () => rmSync(stateDir, { recursive: true, force: true }));
  const workerLog = createWriteStream(LOG_FILE);
  // Every workerd the bench starts (the app, the baseline, the shard apps, the site) pipes its output here.
  workerLog.setMaxListeners(20);
  const scenarios: ScenarioResult[] = [];
  let settlement: SettlementTrace | null = null;
  const servers: Server[] = [];
  try {
    log("building the app (npm run build)");
    const buildStarted = Date.now();
    await run("npm", ["run", "build", "--silent"]);
    const buildSeconds = (Date.now() - buildStarted) / 1000;
    scenarios.push(...(await bundleSizes()));

    log("applying migrations to fresh state");
    const appState = join(stateDir, "app");
    const baselineState = join(stateDir, "baseline");
    await Promise.all([migrateApp(appState), migrateBaseline(baselineState)]);
    const d1File = findD1File(appState);
    log(`generating the dataset into ${d1File}`);
    const dataset = await generateDataset(d1File);
    log(`dataset written in ${dataset.seconds.toFixed(1)} s`);
    const pickSqlResult = await attempt("pick-sql", "The pick's and the feed's SQL", "median <= 1.5 / 0.5 ms", () =>
      hotPathSql(log, d1File),
    );

    log(`bundling the app and the baseline worker and starting them on workerd; their output goes to ${LOG_FILE}`);
    const [app, baseline] = await Promise.all([
      startApp(appState, workerLog, { appSql: true }),
      startBaseline(baselineState, workerLog),
    ]);
    servers.push(app, baseline);
    const ctx: BenchContext = {
      app,
      baseline,
      player: sessionOf(app.url, DEMO_ACCOUNTS.player, DEMO_PASSWORD),
      admin: sessionOf(app.url, DEMO_ACCOUNTS.admin, DEMO_PASSWORD),
      log,
    };

    scenarios.push(...(await attempt("health", "GET /api/health", ">= 0.75 x hello", () => healthVsHello(ctx))));
    const d1 = await measureD1Baseline(ctx);
    scenarios.push(
      ...(await attempt("feed-throughput", "GET /api/questions", ">= 0.85 x its SQL", () => feedVsItsSql(ctx, d1))),
    );
    scenarios.push(
      ...(await attempt("feed-variant", "feed sorts and filters", "p50 <= 15 ms", () => feedVariants(ctx))),
    );
    scenarios.push(
      ...(await attempt("leaderboard", "GET /api/leaderboard", "p50 <= 20 ms", async () =>
        leaderboard(ctx, await login(app.url, userEmail(0), BENCH_PASSWORD)),
      )),
    );
    scenarios.push(
      ...(await attempt("picks", "POST /api/picks", ">= 0.85 x its SQL", async () => {
        log(`signing in ${PICKING_USERS} players`);
        const emails = Array.from({ length: PICKING_USERS }, (_, i) => userEmail(i));
        return picks(ctx, await loginAll(app.url, emails, BENCH_PASSWORD), d1);
      })),
    );
    scenarios.push(...pickSqlResult);
    scenarios.push(
      ...(await attempt("shards", "Writes over user shards", "load divides", () => shardWrites(ctx, baselineState))),
    );
    scenarios.push(
      ...(await attempt("app-shards", "The app's picks over user shards", "load divides", () =>
        appShardPicks(ctx, stateDir, workerLog, pickSqlMedian(pickSqlResult)),
      )),
    );
    scenarios.push(...(await attempt("live", "Live fan-out", `p99 <= ${BUDGETS.liveP99Ms} ms`, () => liveFanOut(ctx))));
    try {
      settlement = await settle(ctx);
    } catch (error) {
      log(`settlement failed: ${String(error)}`);
      scenarios.push(
        notMeasured(
          "settlement",
          "Settlement of 100,000 picks",
          settlementBudgetText,
          `failed: ${String(error).slice(0, 400)}`,
        ),
      );
    }

    log("stopping workerd");
    await Promise.all([app.stop(), baseline.stop()]);
    log("starting the app again with the SPA's assets in front, for Lighthouse");
    const site = await startApp(appState, workerLog, { site: true });
    servers.push(site);
    scenarios.push(
      ...(await attempt("lighthouse", "Lighthouse", "see budget", () => lighthouse({ ...ctx, app: site }))),
    );
    await site.stop();
    if (settlement)
      scenarios.push(settlementResult(settlement, await analyseSettlement(d1File, settlement), settlementBudgetText));

    const results: BenchResults = {
      generatedAt: new Date().toISOString(),
      durationSeconds: Math.round((Date.now() - started) / 1000),
      buildSeconds,
      machine: machineInfo(),
      loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
      dataset,
      scenarios,
    };
    writeFileSync("bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
    writeReport(results);
    log(`done in ${results.durationSeconds} s: bench/REPORT.md and bench/results.json`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    workerLog.end();
    rmSync(stateDir, { recursive: true, force: true });
  }
};

/** `npm run bench -- --report-only` writes REPORT.md again from bench/results.json (after editing findings.md). */
const reportOnly = () => {
  writeReport(JSON.parse(readFileSync("bench/results.json", "utf8")) as BenchResults);
  console.log("bench/REPORT.md written from bench/results.json");
};

// Bounded whatever happens; exiting runs the process-group cleanup in processes.ts.
const watchdog = setTimeout(() => {
  console.error(`bench: gave up after ${BENCH_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, BENCH_TIMEOUT_MS);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

(process.argv.includes("--report-only") ? Promise.resolve(reportOnly()) : main())
  .then(() => {
    clearTimeout(watchdog);
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
