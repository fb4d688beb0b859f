import { readdirSync, readFileSync } from "node:fs";

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

/** CPU time (user + system) this process has used, in ms. */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const childPids = () =>
  readdirSync("/proc/self/task").flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean),
  );

const cpuMsOf = (pid: string) => {
  // The command name (field 2) may hold spaces; utime and stime are the 12th and 13th fields after it.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

/** CPU time used by the workerd processes this one started (Miniflare's children), in ms; 10 ms resolution. */
export const workerdCpuMs = () =>
  childPids()
    .filter((pid) => readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd")
    .reduce((sum, pid) => sum + cpuMsOf(pid), 0);
