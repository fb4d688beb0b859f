import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { BENCH_PASSWORD, DEMO_ACCOUNTS, DEMO_PASSWORD } from "../scripts/lib/local-app";
import { machineInfo } from "../scripts/lib/machine";
import { run } from "../scripts/lib/processes";
import { round } from "../scripts/lib/stats";
import { MEMORY_SAMPLE_MS, OVERHEAD_TIMEOUT_MS, SEEDED_QUESTIONS, SHORT, SOAK, THINK_MS } from "./config";
import { runAdmin } from "./lib/admin";
import { startSoakApp } from "./lib/app";
import { auditD1Files } from "./lib/audit";
import { sleep, type SoakContext } from "./lib/context";
import { drainSettlement, runCronTicker } from "./lib/cron";
import { createHttp, type Http } from "./lib/http";
import { memoryVerdict, sampleMemory, sampleRss, type MemorySample } from "./lib/memory";
import { createMetrics, totalsOf } from "./lib/metrics";
import { runPlayer } from "./lib/player";
import { prepareState } from "./lib/prepare";
import { updateBenchReport, writeSoakReport } from "./lib/report";
import { checksOf, outputFiles, type SoakResults } from "./lib/results";
import { signIn, type Api } from "./lib/session";
import { warmUp } from "./lib/warmup";
import { workerLogErrors } from "./lib/worker-log";

const OUTPUT = outputFiles(SHORT);
const LOG_FILE = OUTPUT.workerLog;
const SIGN_IN_CONCURRENCY = 4;

const started = Date.now();
const loadAtStart = loadavg()[0] ?? 0;
const log = (message: string) =>
  console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/** A few at a time: each sign-in is a PBKDF2 check, which keeps workerd busy. */
const signInAll = async (http: Http, baseUrl: string, emails: string[]) => {
  const apis: Api[] = [];
  let next = 0;
  const worker = async () => {
    while (next < emails.length) apis.push(await signIn(http, baseUrl, emails[next++] ?? "", BENCH_PASSWORD));
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  return apis;
};

/** Samples workerd's memory now and every MEMORY_SAMPLE_MS, and prints a line of progress each minute. */
const watch = (ctx: SoakContext, inspectorPort: number, trafficStart: number, onExit: (reason: string) => void) => {
  const samples: MemorySample[] = [];
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const sample = await sampleMemory(inspectorPort, round((Date.now() - trafficStart) / 1000));
      if (sample === null)
        return onExit(
          `workerd exited ${round((Date.now() - started) / 1000)} s after the command started; see ${LOG_FILE}`,
        );
      samples.push(sample);
      if (samples.length % Math.round(60_000 / MEMORY_SAMPLE_MS) === 1) {
        const totals = totalsOf(ctx.metrics.summary());
        log(
          `${totals.requests} requests, ${totals["5xx"]} 5xx, ${totals["no answer"]} unanswered; workerd RSS ${sample.rssMb} MB, ${sample.rssAfterGcMb} MB after GC (JS heap ${sample.retainedHeapMb} MB)`,
        );
      }
      await sleep(MEMORY_SAMPLE_MS);
    }
  };
  const running = loop();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
};

const main = async () => {
  mkdirSync(".wrangler", { recursive: true });
  mkdirSync(dirname(LOG_FILE), { recursive: true });
  const stateDir = mkdtempSync(join(".wrangler", "soak-"));
  process.once("exit", () => rmSync(stateDir, { recursive: true, force: true }));
  const workerLog = createWriteStream(LOG_FILE);
  const soakMs = SOAK.minutes * 60_000;
  let stopApp = async () => {};
  try {
    // The SPA is served from dist/client; the soak reuses a build that is there.
    if (!existsSync("dist/client/index.html")) {
      log("building the app (npm run build)");
      await run("npm", ["run", "build", "--silent"]);
    }
    log(`preparing a fresh local state in ${stateDir} with ${SOAK.players} players${SHORT ? " (a short run)" : ""}`);
    const prepared = await prepareState(stateDir, SOAK.players, soakMs);
    log(
      `players per database (user shard map ${JSON.stringify(prepared.map)}): ${Object.entries(prepared.playersPer)
        .map(([binding, n]) => `${binding} ${n}`)
        .join(", ")}`,
    );
    const metrics = createMetrics(started);
    log(
      `bundling the worker and starting it on workerd with the Stripe stand-in; the worker's output goes to ${LOG_FILE}`,
    );
    const app = await startSoakApp(stateDir, prepared.map, metrics, workerLog);
    stopApp = app.stop;
    const ctx: SoakContext = {
      baseUrl: app.url,
      scheduled: app.scheduled,
      http: createHttp(metrics),
      metrics,
      activity: {},
      stopAt: 0,
      log,
    };
    const exit = { reason: null as string | null };
    const onAppExit = (reason: string) => {
      exit.reason = reason;
      log(reason);
      ctx.stopAt = Math.min(ctx.stopAt, Date.now());
    };
    const admin = await signIn(ctx.http, app.url, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const rssBeforeMb = sampleRss();
    log(`warming workerd up with ${SOAK.warmupRequests} GET /api/health (RSS ${rssBeforeMb ?? "?"} MB)`);
    await warmUp(ctx, SOAK.warmupRequests);
    const warmup = { requests: SOAK.warmupRequests, rssBeforeMb, rssAfterMb: sampleRss() };
    log(`signing in ${SOAK.players} players`);
    const players = await signInAll(ctx.http, app.url, prepared.playerEmails);

    log(`${SOAK.minutes} min of traffic from ${players.length} players, the admin and the cron`);
    const trafficStart = Date.now();
    ctx.stopAt = trafficStart + soakMs;
    const memory = watch(ctx, app.inspectorPort, trafficStart, onAppExit);
    await Promise.all([
      ...players.map((api) => runPlayer(ctx, api)),
      runAdmin(ctx, admin, prepared.closing),
      runCronTicker(ctx),
    ]);
    await memory.stop();
    const trafficSeconds = round((Date.now() - trafficStart) / 1000);

    log("traffic done; ticking the cron until settlement is drained");
    const drained = exit.reason ? { health: null, ticks: 0 } : await drainSettlement(ctx, admin);
    log(`stopping workerd, then auditing the ledger in ${Object.keys(prepared.playerFiles).join(", ")}`);
    await app.stop();
    const audit = await auditD1Files(prepared.playerFiles);

    const routes = metrics.summary();
    const partial = {
      appExit: exit.reason,
      totals: totalsOf(routes),
      memory: { ...memoryVerdict(memory.samples, trafficSeconds), warmup, samples: memory.samples },
      audit: {
        violations: audit.violations.length,
        sample: audit.violations.slice(0, 20),
        accounts: audit.accounts,
        ledgerRows: audit.ledgerRows,
        databases: audit.databases,
        adminHealthViolations: drained.health?.ledgerAudit.violations ?? null,
        settlementQueue: drained.health?.settlementQueue ?? null,
        drainTicks: drained.ticks,
      },
    };
    const checks = checksOf(partial, !SHORT);
    const machine = machineInfo();
    const results: SoakResults = {
      generatedAt: new Date().toISOString(),
      settings: {
        short: SHORT,
        minutes: SOAK.minutes,
        players: SOAK.players,
        thinkMs: THINK_MS,
        questions: SEEDED_QUESTIONS.closing + SEEDED_QUESTIONS.open,
        playersCreated:
          "Players are written into the migrated D1 files with @libsql/client before workerd starts, as the bench writes its users " +
          "(bench/lib/shard-state.ts): the directory row in the catalogue, the account copy with its sign-up bonus and starting credits " +
          "in the ledger in the player's database under the user shard map, confirmed. Public sign-up allows 20 an hour per IP.",
        shardMap: prepared.map,
        playersPerDatabase: prepared.playersPer,
      },
      durationSeconds: Math.round((Date.now() - started) / 1000),
      trafficSeconds,
      machine: {
        cpus: machine.cpus,
        cpuModel: machine.cpuModel,
        memoryGb: machine.memoryGb,
        node: machine.node,
        wrangler: machine.wrangler,
        workerd: machine.workerd,
      },
      loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
      routes,
      activity: ctx.activity,
      serverErrors: metrics.serverErrors,
      unexpected4xx: { count: metrics.unexpectedCount(), samples: metrics.unexpected },
      workerLog: workerLogErrors(LOG_FILE),
      checks,
      passed: checks.every((check) => check.passed),
      ...partial,
    };
    mkdirSync(dirname(OUTPUT.results), { recursive: true });
    writeFileSync(OUTPUT.results, `${JSON.stringify(results, null, 2)}\n`);
    writeSoakReport(results, OUTPUT.report);
    // A short run's verdict is not the soak's: bench/REPORT.md keeps the last full one.
    if (!SHORT) updateBenchReport();
    for (const check of checks) log(`${check.passed ? "pass" : "FAIL"}: ${check.name}: ${check.detail}`);
    log(
      `${results.passed ? "passed" : "FAILED"}; ${OUTPUT.report} and ${OUTPUT.results} written${SHORT ? "" : ", the verdict added to bench/REPORT.md"}`,
    );
    return results.passed;
  } finally {
    await stopApp();
    workerLog.end();
    rmSync(stateDir, { recursive: true, force: true });
  }
};

// Bounded whatever happens; Miniflare stops workerd when this process exits.
const watchdog = setTimeout(
  () => {
    console.error("soak: gave up (time limit)");
    process.exit(1);
  },
  SOAK.minutes * 60_000 + OVERHEAD_TIMEOUT_MS,
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

main()
  .then((passed) => {
    clearTimeout(watchdog);
    process.exit(passed ? 0 : 1);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
