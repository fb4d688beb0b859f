import { readdirSync, readFileSync } from "node:fs";
import { round } from "../../bench/lib/stats";
import { MEMORY_GROWTH_LIMIT_PCT } from "../config";

export type MemorySample = { atSecond: number; rssMb: number };

/** `/proc/<pid>/stat`: the name is in parentheses and may hold spaces, so fields are counted after the last ')'. */
const statOf = (pid: string) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const [, , processGroup] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { name, processGroup: Number(processGroup) };
  } catch {
    return null;
  }
};

/** The workerd processes wrangler started: they share its process group (bench/lib/processes.ts starts it detached). */
const workerdPids = (wranglerPid: number) =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      const stat = statOf(pid);
      return stat?.name === "workerd" && stat.processGroup === wranglerPid;
    });

const rssKb = (pid: string) => {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/** Resident memory of every workerd of the group, summed; null when none is running (it crashed or has not started). */
export const sampleRss = (wranglerPid: number) => {
  const pids = workerdPids(wranglerPid);
  return pids.length === 0 ? null : round(pids.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024);
};

export type MemoryVerdict = {
  firstHalfPeakMb: number | null;
  secondHalfPeakMb: number | null;
  growthPct: number | null;
  limitPct: number;
  levelsOff: boolean;
};

/** See MEMORY_GROWTH_LIMIT_PCT. Fewer than two samples a half cannot show a trend, and so cannot pass. */
export const memoryVerdict = (samples: MemorySample[], trafficSeconds: number): MemoryVerdict => {
  const half = trafficSeconds / 2;
  const first = samples.filter((s) => s.atSecond < half).map((s) => s.rssMb);
  const second = samples.filter((s) => s.atSecond >= half).map((s) => s.rssMb);
  if (first.length < 2 || second.length < 2) {
    return { firstHalfPeakMb: null, secondHalfPeakMb: null, growthPct: null, limitPct: MEMORY_GROWTH_LIMIT_PCT, levelsOff: false };
  }
  const firstPeak = Math.max(...first);
  const secondPeak = Math.max(...second);
  const growthPct = round(((secondPeak - firstPeak) / firstPeak) * 100);
  return { firstHalfPeakMb: firstPeak, secondHalfPeakMb: secondPeak, growthPct, limitPct: MEMORY_GROWTH_LIMIT_PCT, levelsOff: growthPct <= MEMORY_GROWTH_LIMIT_PCT };
};
