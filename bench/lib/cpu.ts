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
