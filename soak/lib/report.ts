import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { REPORT_FILE, RESULTS_FILE, type Check, type SoakResults } from "./results";

const cell = (value: string) => value.replaceAll("|", "\\|").replaceAll("\n", " ");
const ms = (value: number | null) => (value === null ? "" : `${value} ms`);

const checksTable = (checks: Check[]) => [
  "| check | result | measured |",
  "|---|---|---|",
  ...checks.map((c) => `| ${c.name} | ${c.passed ? "pass" : "**FAIL**"} | ${cell(c.detail)} |`),
];

const opening = (r: SoakResults) =>
  `${r.settings.players} simulated players for ${r.settings.minutes} min (${r.trafficSeconds} s of traffic), ` +
  `${(r.totals.requests - r.memory.warmup.requests).toLocaleString("en-US")} requests after ${r.memory.warmup.requests.toLocaleString("en-US")} of warm-up: ` +
  `**${r.passed ? "passed" : "FAILED"}**.`;

const routesTable = (r: SoakResults) => [
  "| route | requests | 2xx | 3xx | 4xx | 5xx | no answer | p50 | p99 | statuses |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...r.routes.map((route) => {
    const c = route.classes;
    const statuses = Object.entries(route.statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ");
    return `| ${cell(route.route)} | ${route.count} | ${c["2xx"] ?? 0} | ${c["3xx"] ?? 0} | ${c["4xx"] ?? 0} | ${c["5xx"] ?? 0} | ${c["no answer"] ?? 0} | ${ms(route.p50Ms)} | ${ms(route.p99Ms)} | ${statuses} |`;
  }),
];

const samples = (title: string, list: SoakResults["serverErrors"]) =>
  list.length === 0
    ? []
    : [
        `### ${title}`,
        "",
        ...list.map(
          (s) =>
            `- ${s.atSecond} s after the command started, ${s.route} answered ${s.status}: \`${cell(s.body.slice(0, 300))}\``,
        ),
        "",
      ];

const memoryLines = (r: SoakResults) => [
  `Before the players, ${r.memory.warmup.requests.toLocaleString("en-US")} GET /api/health took workerd from ${r.memory.warmup.rssBeforeMb ?? "?"} MB`,
  `to ${r.memory.warmup.rssAfterMb ?? "?"} MB of resident memory. Then, every ~10 s from the start of the traffic: its resident memory as`,
  "found, then a full garbage collection in every isolate (through workerd's devtools port), its resident memory after it",
  "(the verdict's figure: between collections it rises and falls with V8's schedule) and the JavaScript heap the isolates kept.",
  "",
  "| s | RSS (MB) | RSS after GC (MB) | JS heap kept (MB) | isolates measured |",
  "|---|---|---|---|---|",
  ...r.memory.samples.map(
    (s) => `| ${s.atSecond} | ${s.rssMb} | ${s.rssAfterGcMb} | ${s.retainedHeapMb} | ${s.isolates} |`,
  ),
];

export const writeSoakReport = (r: SoakResults, file = REPORT_FILE) => {
  const lines = [
    "# Pickstreak soak report",
    "",
    `Written by \`npm run soak${r.settings.short ? " -- --short" : ""}\` on ${r.generatedAt}. ${opening(r)}`,
    `The worker as \`wrangler deploy\` bundles it, on workerd ${r.machine.workerd} through Miniflare (wrangler ${r.machine.wrangler} reads its bindings) on ${r.machine.cpus} x ${r.machine.cpuModel}, ${r.machine.memoryGb} GB,`,
    `Node ${r.machine.node}; the players run in the same process as the Stripe stand-in, on the same cores. 1-minute load average`,
    `${r.loadAverage.start.toFixed(2)} at the start, ${r.loadAverage.end.toFixed(2)} at the end. The whole command took ${r.durationSeconds} s.`,
    "",
    ...checksTable(r.checks),
    "",
    "## Set-up",
    "",
    `- ${r.settings.playersCreated}`,
    ...(r.settings.playersPerDatabase
      ? [
          `- Soak players per player database (user shard map ${JSON.stringify(r.settings.shardMap)}): ${Object.entries(
            r.settings.playersPerDatabase,
          )
            .map(([binding, n]) => `${binding} ${n}`)
            .join(", ")}.`,
        ]
      : []),
    `- ${r.settings.questions} questions besides the demo feed; each player thinks ${r.settings.thinkMs.min / 1000} to ${r.settings.thinkMs.max / 1000} s between actions.`,
    "- The admin writes short questions, resolves every question once its deadline passes (a few voided), changes or undoes some",
    "  outcomes afterwards and decides pending redemptions; workerd runs the every-minute crons' handler each minute, and after the",
    `  traffic until settlement's queue is empty (cron ticks after the traffic this run: ${r.audit.drainTicks}).`,
    "",
    "## What happened",
    "",
    "| | |",
    "|---|---|",
    ...Object.entries(r.activity)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, n]) => `| ${name} | ${n.toLocaleString("en-US")} |`),
    "",
    "## Routes",
    "",
    "Latencies are measured by the client, one connection per request. 4xx answers a player can legitimately get (a duplicate",
    `pick, a question that closed meanwhile) are expected; ${r.unexpected4xx.count} other 4xx answers were seen.`,
    "",
    ...routesTable(r),
    "",
    "## Memory",
    "",
    ...memoryLines(r),
    "",
    "## Ledger",
    "",
    `worker/features/credits/ledger.audit.ts over ${r.audit.databases ? `each database that holds players (${Object.keys(r.audit.databases).join(", ")})` : "the D1 file"} after the drain: ${r.audit.violations} violations.` +
      (r.audit.settlementQueue
        ? ` Settlement queue at the end: ${r.audit.settlementQueue.questions} questions, ${r.audit.settlementQueue.picks} picks.`
        : ""),
    ...r.audit.sample.map((v) => `- ${v.kind} (${v.userId ?? "no user"}): ${cell(v.detail)}`),
    "",
    "## Worker log",
    "",
    `${r.workerLog.errorLines} error lines in ${r.workerLog.file}.`,
    ...r.workerLog.sample.map((line) => `- \`${cell(line.slice(0, 300))}\``),
    "",
    ...samples("5xx and unanswered requests (first 30)", r.serverErrors),
    ...samples("Unexpected 4xx (first 30)", r.unexpected4xx.samples),
  ];
  writeFileSync(file, `${lines.join("\n").trimEnd()}\n`);
};

const SOAK_HEADING = "## Soak (`npm run soak`)";
const BENCH_REPORT = "bench/REPORT.md";
const BEFORE_HEADING = "## D1 round trips per route";

/** The soak's verdict for bench/REPORT.md (bench/report/write-report.ts), when a soak has run on this machine. */
const soakSummaryLines = (): string[] => {
  if (!existsSync(RESULTS_FILE)) return [];
  const r = JSON.parse(readFileSync(RESULTS_FILE, "utf8")) as SoakResults;
  return [
    SOAK_HEADING,
    "",
    `${r.generatedAt}: ${opening(r)} Details: [soak/REPORT.md](../soak/REPORT.md).`,
    "",
    ...checksTable(r.checks),
    "",
  ];
};

/**
 * Puts the soak's section into bench/REPORT.md in place (replacing an older one) without writing the rest of that
 * report again: the bench's own figures and findings are not the soak's to touch.
 */
export const updateBenchReport = () => {
  if (!existsSync(BENCH_REPORT)) return;
  const lines = readFileSync(BENCH_REPORT, "utf8").split("\n");
  const start = lines.indexOf(SOAK_HEADING);
  const after = (from: number) => lines.findIndex((line, i) => i > from && line.startsWith("## "));
  const [from, to] =
    start >= 0 ? [start, after(start)] : [lines.indexOf(BEFORE_HEADING), lines.indexOf(BEFORE_HEADING)];
  const section = soakSummaryLines();
  if (from < 0) lines.push("", ...section);
  else lines.splice(from, (to < 0 ? lines.length : to) - from, ...section);
  writeFileSync(BENCH_REPORT, lines.join("\n"));
};
