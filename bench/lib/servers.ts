import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { freePort, run, startGroup, stopGroup, waitForHttp } from "./processes";

export type Server = { url: string; child: ChildProcess; stop: () => Promise<void> };

const WRANGLER = "node_modules/.bin/wrangler";
const BASELINE_CONFIG = "bench/baseline/wrangler.toml";

/** Migrations only; the bench writes its dataset into the file afterwards (dataset.ts). */
export const migrateApp = (stateDir: string) =>
  run(WRANGLER, ["d1", "migrations", "apply", "DB", "--local", `--persist-to=${stateDir}`]);

export const migrateBaseline = (stateDir: string) =>
  run(WRANGLER, ["d1", "migrations", "apply", "DB", "--local", `--persist-to=${stateDir}`, "-c", BASELINE_CONFIG]);

/** Two wrangler dev processes run side by side, so each needs its own inspector port besides its own port. */
const devArgs = async (port: number, stateDir: string) => [
  "dev", "--local", "--ip", "127.0.0.1", "--port", String(port), `--persist-to=${stateDir}`,
  "--inspector-port", String(await freePort()), "--show-interactive-dev-session=false", "--log-level=warn",
];

const startDev = async (args: string[], port: number, readyPath: string, log: NodeJS.WritableStream): Promise<Server> => {
  const child = startGroup(WRANGLER, args, log);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}${readyPath}`, child);
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
  return { url, child, stop: () => stopGroup(child) };
};

/** The built app on local workerd, as `npm start` serves it, with `/__scheduled` for the settlement scenario. */
export const startApp = async (stateDir: string, log: NodeJS.WritableStream) => {
  const port = await freePort();
  const args = [
    ...(await devArgs(port, stateDir)), "--test-scheduled",
    "--var", `APP_URL:http://127.0.0.1:${port}`,
    // As staging and production serve visitors' public reads (off in local dev for the browser tests' fixtures).
    "--var", "EDGE_CACHE:on",
    // A fresh clone has no .dev.vars; the bench needs no particular secret, only a valid one.
    "--var", `SESSION_SECRET:${randomBytes(32).toString("hex")}`,
  ];
  return startDev(args, port, "/api/health", log);
};

/** The bench-only worker: a bare hello-world and a bare one-row D1 SELECT, on the same workerd build. */
export const startBaseline = async (stateDir: string, log: NodeJS.WritableStream) => {
  const port = await freePort();
  return startDev([...(await devArgs(port, stateDir)), "-c", BASELINE_CONFIG], port, "/d1", log);
};
