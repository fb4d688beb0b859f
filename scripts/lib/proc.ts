import { readdirSync, readFileSync } from "node:fs";

/**
 * `/proc/<pid>/stat`: the name is in parentheses and may hold spaces, so `fields` are the ones after the last ')'
 * (fields[0] is the state, fields[1] the parent's pid, fields[11] and [12] user and system time). Null once the
 * process is gone.
 */
export const procStat = (pid: string) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return {
      name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
      fields: stat.slice(stat.lastIndexOf(")") + 2).split(" "),
    };
  } catch {
    return null;
  }
};

/** The workerd processes Miniflare spawned from this process (scripts/lib/workerd.ts). */
export const workerdPids = () =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      const stat = procStat(pid);
      return stat?.name === "workerd" && Number(stat.fields[1]) === process.pid;
    });
