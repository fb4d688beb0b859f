import { readFileSync } from "node:fs";
import { workerdPids } from "../../scripts/lib/proc";
import { round } from "../../scripts/lib/stats";
import { MEMORY_GROWTH_LIMIT_PCT } from "../config";
import { collectGarbage } from "./isolates";

export type MemorySample = {
  atSecond: number;
  /** workerd's resident memory as found, between garbage collections. */
  rssMb: number;
  /** workerd's resident memory right after a full collection in every isolate: the verdict's figure. */
  rssAfterGcMb: number;
  /** JavaScript heap kept by the running isolates after that collection. */
  retainedHeapMb: number;
  isolates: number;
};

const rssKb = (pid: string) => {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/** Resident memory of workerd; null when it is not running (it crashed or has not started). */
export const sampleRss = () => {
  const pids = workerdPids();
  return pids.length === 0 ? null : round(pids.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024);
};

/** Null when workerd is gone. */
export const sampleMemory = async (inspectorPort: number, atSecond: number): Promise<MemorySample | null> => {
  const rssMb = sampleRss();
  if (rssMb === null) return null;
  const { retainedHeapMb, isolates } = await collectGarbage(inspectorPort);
  const rssAfterGcMb = sampleRss();
  return rssAfterGcMb === null ? null : { atSecond, rssMb, rssAfterGcMb, retainedHeapMb, isolates };
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
  const first = samples.filter((s) => s.atSecond < half).map((s) => s.rssAfterGcMb);
  const second = samples.filter((s) => s.atSecond >= half).map((s) => s.rssAfterGcMb);
  if (first.length < 2 || second.length < 2) {
    return {
      firstHalfPeakMb: null,
      secondHalfPeakMb: null,
      growthPct: null,
      limitPct: MEMORY_GROWTH_LIMIT_PCT,
      levelsOff: false,
    };
  }
  const firstPeak = Math.max(...first);
  const secondPeak = Math.max(...second);
  const growthPct = round(((secondPeak - firstPeak) / firstPeak) * 100);
  return {
    firstHalfPeakMb: firstPeak,
    secondHalfPeakMb: secondPeak,
    growthPct,
    limitPct: MEMORY_GROWTH_LIMIT_PCT,
    levelsOff: growthPct <= MEMORY_GROWTH_LIMIT_PCT,
  };
};
