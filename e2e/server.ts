import { execFileSync } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { migrateLocalDatabases } from "../scripts/lib/local-databases";
import { freePort, OFFLINE_ENV } from "../scripts/lib/processes";
import { startStandinServer } from "../scripts/stripe-standin/server";
import { serveFetchHandler } from "../scripts/lib/fetch-server";
import { createPushStandin } from "../scripts/push-standin/standin";
import { createErrorStandin, standinDsn } from "../scripts/error-standin/standin";
import { startScoreFeedServer } from "../scripts/score-feed-standin/server";
import { startWorkerd } from "../scripts/lib/workerd";

export type RunningApp = {
  url: string;
  stateDir: string;
  pushUrl: string;
  scoreFeedUrl: string;
  /** The error reports stand-in: a journey reads what reached it at `${errorReportsUrl}/control/events`. */
  errorReportsUrl: string;
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
  await migrateLocalDatabases(stateDir);
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
  const errorReports = await serveFetchHandler(0, () => createErrorStandin());
  // The score feed stand-in: the journeys move its events with its /control/ endpoints.
  const scoreFeed = await startScoreFeedServer({ port: 0 });

  // Straight on workerd, as the soak and the bench run it: wrangler dev's proxy and inspector would copy every
  // response (each page load's whole build) to its own process and log, and its watcher restarts the worker when
  // the served files change.
  const worker = await startWorkerd({
    config: "wrangler.toml",
    stateDir,
    port,
    assets: true,
    workerLog: createWriteStream(join(".wrangler", "e2e-worker.log")),
    vars: {
      APP_URL: url,
      STRIPE_API_HOST: stripe.host,
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: "http",
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      PUSH_STANDIN_URL: push.url,
      SCORE_FEED_URL: scoreFeed.url,
      SENTRY_DSN: standinDsn(errorReports.url),
      SENTRY_RELEASE: "e2e",
    },
  });

  const stop = async () => {
    await worker.stop();
    await stripe.close();
    await push.close();
    await errorReports.close();
    await scoreFeed.close();
    rmSync(stateDir, { recursive: true, force: true });
  };
  return { url, stateDir, pushUrl: push.url, scoreFeedUrl: scoreFeed.url, errorReportsUrl: errorReports.url, stop };
};
