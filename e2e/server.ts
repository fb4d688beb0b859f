import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { migrateLocalDatabases } from "../scripts/lib/local-databases";
import { freePort, OFFLINE_ENV } from "../scripts/lib/processes";
import { startStandinServer } from "../scripts/stripe-standin/server";
import { serveFetchHandler } from "../scripts/lib/fetch-server";
import { createPushStandin } from "../scripts/push-standin/standin";
import { startScoreFeedServer } from "../scripts/score-feed-standin/server";

const waitForHealth = async (url: string, child: ChildProcess, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not answer at ${url} within ${timeoutMs} ms`);
};

export type RunningApp = {
  url: string;
  stateDir: string;
  pushUrl: string;
  scoreFeedUrl: string;
  stop: () => Promise<void>;
};

/** Starts the built app on local workerd with its own fresh databases (the catalogue and two user shards), migrated and seeded. */
export const startApp = async (): Promise<RunningApp> => {
  mkdirSync(".wrangler", { recursive: true });
  const stateDir = mkdtempSync(join(".wrangler", "e2e-"));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const run = (args: string[]) =>
    execFileSync("npx", args, { env: OFFLINE_ENV, stdio: ["ignore", "ignore", "inherit"] });
  migrateLocalDatabases(stateDir);
  run(["tsx", "scripts/seed.ts", `--persist-to=${stateDir}`]);
  const secretKey = `sk_test_e2e_${crypto.randomUUID()}`;
  const webhookSecret = `whsec_e2e_${crypto.randomUUID()}`;
  const stripe = await startStandinServer({
    port: 0,
    secretKey,
    webhookSecret,
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
  });
  const push = await serveFetchHandler(0, () => createPushStandin());
  // The score feed stand-in: the journeys move its events with its /control/ endpoints.
  const scoreFeed = await startScoreFeedServer({ port: 0 });

  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      `--persist-to=${stateDir}`,
      "--var",
      `APP_URL:${url}`,
      "--test-scheduled",
      "--var",
      `STRIPE_API_HOST:${stripe.host}`,
      "--var",
      `STRIPE_API_PORT:${stripe.port}`,
      "--var",
      "STRIPE_API_PROTOCOL:http",
      "--var",
      `STRIPE_SECRET_KEY:${secretKey}`,
      "--var",
      `STRIPE_WEBHOOK_SECRET:${webhookSecret}`,
      "--var",
      `PUSH_STANDIN_URL:${push.url}`,
      "--show-interactive-dev-session=false",
      "--log-level=warn",
      "--var",
      `SCORE_FEED_URL:${scoreFeed.url}`,
    ],
    { env: OFFLINE_ENV, stdio: ["ignore", "ignore", "inherit"], detached: true },
  );
  await waitForHealth(url, child);

  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      process.kill(-child.pid, "SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    await stripe.close();
    await push.close();
    await scoreFeed.close();
    rmSync(stateDir, { recursive: true, force: true });
  };
  return { url, stateDir, pushUrl: push.url, scoreFeedUrl: scoreFeed.url, stop };
};
