import { readFileSync } from "node:fs";
import { procStat, workerdPids } from "../../scripts/lib/proc";

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

/** CPU time (user + system) this process has used, in ms. */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const cpuMsOf = (pid: string) => {
  const fields = procStat(pid)?.fields ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * TICK_MS;
};

/** CPU time used by the workerd processes this one started, in ms; 10 ms resolution. */
export const workerdCpuMs = () => workerdPids().reduce((sum, pid) => sum + cpuMsOf(pid), 0);

/** The machine's CPU counters from /proc/stat's first line: busy (everything but idle and iowait) and total ticks. */
const machineTicks = () => {
  const ticks = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, tick) => sum + tick, 0);
  return { busy: total - idle, total };
};

const QUIET_BUSY_SHARE = 0.1;
const QUIET_SAMPLE_MS = 1_000;

/**
 * Waits (at most `maxMs`) until the machine's CPUs were busy less than a tenth of one second, and returns how long it
 * waited. Lighthouse scales every main-thread task it observes by four, so a process still finishing on the same two
 * cores (a workerd stopping, the previous run's Chromium) turns straight into blocking time.
 */
export const waitForQuietCpu = async (maxMs: number) => {
  const started = Date.now();
  for (;;) {
    const before = machineTicks();
    await new Promise((settle) => setTimeout(settle, QUIET_SAMPLE_MS));
    const after = machineTicks();
    const busyShare = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busyShare < QUIET_BUSY_SHARE || Date.now() - started >= maxMs) return Date.now() - started;
  }
};
