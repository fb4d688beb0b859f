import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { promisify } from "node:util";

/** Nothing leaves the machine (see /work/shared/TOOLCHAIN.md and scripts/offline-env.sh). */
export const OFFLINE_ENV = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  NO_UPDATE_NOTIFIER: "1",
};

const execFileAsync = promisify(execFile);

/** Runs a command to completion (bounded), failing with its stderr. */
export const run = async (command: string, args: string[], timeoutMs = 5 * 60_000, env: NodeJS.ProcessEnv = OFFLINE_ENV) => {
  try {
    const { stdout } = await execFileAsync(command, args, { env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, killSignal: "SIGKILL" });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(`${command} ${args.join(" ")} failed: ${String(error)}\n${stderr.slice(-2000)}`);
  }
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });

const groups = new Set<ChildProcess>();

/** The group outlives its leader while workerd runs, so this does not check whether wrangler itself exited. */
const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The whole group is gone.
  }
};

// Whatever happens to the bench, no wrangler or workerd it started outlives it.
process.on("exit", () => groups.forEach((child) => signalGroup(child, "SIGKILL")));

/** Starts a long-running command in its own process group, so stopping it also stops what it spawned (workerd). */
export const startGroup = (command: string, args: string[], logTo: NodeJS.WritableStream) => {
  const child = spawn(command, args, { env: OFFLINE_ENV, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(logTo, { end: false });
  child.stderr?.pipe(logTo, { end: false });
  groups.add(child);
  return child;
};

export const stopGroup = async (child: ChildProcess, graceMs = 5_000) => {
  const running = child.exitCode === null && child.signalCode === null;
  const exited = running ? new Promise((resolve) => child.once("exit", resolve)) : Promise.resolve();
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
  // workerd may outlive wrangler by a moment.
  signalGroup(child, "SIGKILL");
  groups.delete(child);
};

export const stopAllGroups = () => Promise.all([...groups].map((child) => stopGroup(child)));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const waitForHttp = async (url: string, child: ChildProcess, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server for ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
};
