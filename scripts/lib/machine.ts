import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism, cpus, totalmem } from "node:os";

const packageVersion = (name: string) => {
  try {
    return (JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;
  } catch {
    return "not installed";
  }
};

const chromium = () => {
  try {
    return execFileSync(process.env.CHROME_PATH ?? "/usr/bin/chromium", ["--version"], {
      encoding: "utf8",
      timeout: 10_000,
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "not installed";
  }
};

export const machineInfo = () => ({
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model ?? "unknown",
  memoryGb: Math.round(totalmem() / 1024 ** 3),
  node: process.version,
  wrangler: packageVersion("wrangler"),
  workerd: packageVersion("workerd"),
  miniflare: packageVersion("miniflare"),
  autocannon: packageVersion("autocannon"),
  chromium: chromium(),
});

export type MachineInfo = ReturnType<typeof machineInfo>;
