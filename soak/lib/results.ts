import type { Violation } from "./audit";
import type { Activity } from "./context";
import type { MemorySample, MemoryVerdict } from "./memory";
import { totalsOf, type RouteSummary, type Sample } from "./metrics";

export const RESULTS_FILE = "soak/results.json";
export const REPORT_FILE = "soak/REPORT.md";

/** Where a run writes: a short run (SHORT) keeps its results out of the reports a full soak and the bench own. */
export const outputFiles = (short: boolean) =>
  short
    ? {
        results: ".wrangler/soak-short/results.json",
        report: ".wrangler/soak-short/REPORT.md",
        workerLog: ".wrangler/soak-short/worker.log",
      }
    : { results: RESULTS_FILE, report: REPORT_FILE, workerLog: ".wrangler/soak-last.log" };

export type Check = { name: string; passed: boolean; detail: string };

export type SoakResults = {
  generatedAt: string;
  settings: {
    /** A short run (`--short`): the memory trend is shown, not judged. Absent in results written before it existed. */
    short?: boolean;
    minutes: number;
    players: number;
    thinkMs: { min: number; max: number };
    questions: number;
    playersCreated: string;
    /** The user shard map the run used, and how many soak players each player database held. */
    shardMap?: unknown;
    playersPerDatabase?: Record<string, number>;
  };
  durationSeconds: number;
  trafficSeconds: number;
  /** Set when workerd ended on its own during the soak. */
  appExit: string | null;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; wrangler: string; workerd: string };
  /** 1-minute load averages: other sessions may share the machine. */
  loadAverage: { start: number; end: number };
  totals: ReturnType<typeof totalsOf>;
  routes: RouteSummary[];
  activity: Activity;
  serverErrors: Sample[];
  unexpected4xx: { count: number; samples: Sample[] };
  memory: MemoryVerdict & {
    warmup: { requests: number; rssBeforeMb: number | null; rssAfterMb: number | null };
    samples: MemorySample[];
  };
  audit: {
    violations: number;
    sample: Violation[];
    accounts: number;
    ledgerRows: number;
    /** Per database that holds players (each is audited on its own). */
    databases?: Record<string, { accounts: number; ledgerRows: number; violations: number }>;
    /** The same audit run by the worker (GET /api/admin/health) after the drain; null if it did not answer. */
    adminHealthViolations: number | null;
    settlementQueue: { questions: number; picks: number } | null;
    drainTicks: number;
  };
  workerLog: { file: string; errorLines: number; sample: string[] };
  checks: Check[];
  passed: boolean;
};

type Verdicts = Pick<SoakResults, "appExit" | "totals" | "audit" | "memory">;

const memoryDetail = (memory: SoakResults["memory"]) =>
  memory.growthPct === null
    ? "too few samples for a trend"
    : `workerd RSS after GC peaked at ${memory.firstHalfPeakMb} MB in the first half, ${memory.secondHalfPeakMb} MB in the second (${memory.growthPct > 0 ? "+" : ""}${memory.growthPct}%, limit +${memory.limitPct}%)`;

const databasesDetail = (audit: SoakResults["audit"]) =>
  audit.databases
    ? ` in ${Object.keys(audit.databases).length} player database(s) (${Object.keys(audit.databases).join(", ")})`
    : "";

/**
 * The three criteria, plus two: the app must not die, and a request that never got an answer could have hidden
 * a 5xx. A short run (`judgeMemory` false) shows the memory trend without judging it: minutes are too few for one.
 */
export const checksOf = ({ appExit, totals, audit, memory }: Verdicts, judgeMemory = true): Check[] => [
  { name: "the app stayed up", passed: appExit === null, detail: appExit ?? "workerd ran to the end" },
  {
    name: "zero 5xx",
    passed: totals["5xx"] === 0,
    detail: `${totals["5xx"]} of ${totals.requests} requests (warm-up, webhooks and cron ticks included)`,
  },
  {
    name: "every request answered",
    passed: totals["no answer"] === 0,
    detail: `${totals["no answer"]} without an answer`,
  },
  {
    name: "ledger audit clean",
    passed: audit.violations === 0 && (audit.adminHealthViolations ?? 0) === 0,
    detail:
      `${audit.violations} violations over ${audit.accounts} accounts and ${audit.ledgerRows} ledger rows${databasesDetail(audit)}` +
      (audit.adminHealthViolations === null
        ? " (admin health did not answer)"
        : `; admin health: ${audit.adminHealthViolations}`),
  },
  {
    name: "settlement drained",
    passed: audit.settlementQueue !== null && audit.settlementQueue.questions === 0,
    detail:
      audit.settlementQueue === null
        ? "admin health did not answer after the traffic"
        : `${audit.settlementQueue.questions} questions and ${audit.settlementQueue.picks} picks queued after ${audit.drainTicks} cron ticks`,
  },
  judgeMemory
    ? { name: "memory levels off", passed: memory.levelsOff, detail: memoryDetail(memory) }
    : { name: "memory levels off", passed: true, detail: `not judged in a short run: ${memoryDetail(memory)}` },
];
