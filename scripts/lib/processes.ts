import { execFile } from "node:child_process";
import { createServer } from "node:net";
import { promisify } from "node:util";

/** Nothing leaves the machine (see scripts/offline-env.sh). */
export const OFFLINE_ENV = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  NO_UPDATE_NOTIFIER: "1",
};

const execFileAsync = promisify(execFile);

/** Runs a command to completion (bounded), failing with its stderr. */
export const run = async (
  command: string,
  args: string[],
  timeoutMs = 5 * 60_000,
  env: NodeJS.ProcessEnv = OFFLINE_ENV,
) => {
  try {
    const { stdout } = await execFileAsync(command, args, {
      env,
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
      killSignal: "SIGKILL",
    });
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
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
