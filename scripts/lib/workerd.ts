import { basename, extname, join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { freePort, run } from "./processes";

export type WorkerdApp = {
  /** With assets, the site as a browser sees it; without, the worker's own socket (see startWorkerd). */
  url: string;
  /** The companion worker's own socket, when one was asked for. */
  companionUrl?: string;
  /** workerd's devtools endpoints, to collect garbage and read the isolates' heaps (soak/lib/isolates.ts). */
  inspectorPort: number;
  /** Runs a cron's handler as Cloudflare's scheduler would; resolves to workerd's outcome ("ok", "exception", ...). */
  scheduled: (cron: string) => Promise<string>;
  stop: () => Promise<void>;
};

type ScheduledFetcher = { scheduled: (options: { cron: string; scheduledTime: Date }) => Promise<{ outcome: string }> };

type Options = {
  config: string;
  /** The entry point to bundle instead of the config's `main` (the app's top-level main is the development entry). */
  entry?: string;
  /** As `wrangler dev --persist-to`: the migrations and seeds written with wrangler are found in the same place. */
  stateDir: string;
  port: number;
  /** Overrides of the config's vars (and secrets, which local runs pass as vars). */
  vars: Record<string, string>;
  /**
   * The SPA from the config's [assets], for a browser; without it requests go straight to the worker. "binding": straight
   * to the worker too, which keeps its assets binding for the pages it serves itself (/ and /home carry the feed's first
   * page in the app's index.html, worker/features/home-page), as run_worker_first has it in production.
   */
  assets: boolean | "binding";
  workerLog: NodeJS.WritableStream;
  /** D1 bindings beyond the config's, by database id (the bench's third and fourth user shard). */
  extraDatabases?: Record<string, string>;
  /**
   * A second worker in the same workerd, on its own port, bound to the same databases as the worker (the bench's
   * baselines of the app's own SQL, bench/baseline/app-sql.ts).
   */
  companion?: { config: string; port: number };
};

export const WRANGLER = "node_modules/.bin/wrangler";

/** The entry staging and production deploy, without the development routes of the local one (worker/dev-entry.ts). */
export const DEPLOYED_ENTRY = "worker/index.ts";

/** The worker exactly as `wrangler deploy` would upload it: one module named after its entry point. */
const bundleWorker = async (config: string, main: string, outDir: string) => {
  await run(WRANGLER, ["deploy", main, "--dry-run", "--outdir", outDir, "-c", config]);
  return join(outDir, `${basename(main, extname(main))}.js`);
};

/** A config's worker options, with its entry (or `entry`) bundled as one module. */
const bundled = async (config: string, entry: string | undefined, outDir: string) => {
  const { workerOptions, main: configMain } = unstable_getMiniflareWorkerOptions(config);
  const main = entry ?? configMain;
  if (!main) throw new Error(`${config} names no entry point (main)`);
  return { workerOptions, scriptPath: await bundleWorker(config, main, outDir) };
};

/**
 * A worker on local workerd through Miniflare, with its wrangler config's bindings. Not through `wrangler dev`:
 * its proxy worker (a second workerd every request and WebSocket frame passes through) and file watcher are dev
 * tooling that production does not have. Under load the proxy added a hop to every figure, grew by hundreds of MB,
 * and once answered "Your worker restarted mid-request".
 */
export const startWorkerd = async ({
  config,
  entry,
  stateDir,
  port,
  vars,
  assets,
  workerLog,
  extraDatabases = {},
  companion,
}: Options): Promise<WorkerdApp> => {
  const inspectorPort = await freePort();
  const { scriptPath, workerOptions } = await bundled(config, entry, resolve(stateDir, "bundle"));
  const persisted = resolve(stateDir, "v3");
  // Requests go to the worker's own socket unless the assets router is to answer them.
  const direct = assets !== true;
  const d1Databases = {
    ...workerOptions.d1Databases,
    ...Object.fromEntries(Object.entries(extraDatabases).map(([binding, id]) => [binding, { id }])),
  };
  const worker = {
    ...workerOptions,
    name: workerOptions.name ?? "app",
    ...(assets === false ? { assets: undefined } : {}),
    modules: true,
    scriptPath,
    bindings: { ...workerOptions.bindings, ...vars },
    d1Databases,
    // Without assets, straight to the worker: Miniflare's entry worker (and the assets router) run locally in the
    // same workerd, on the same cores, where production runs them on Cloudflare's side before the worker. Measured
    // for /api/health: 6,000 req/s on the worker's own socket, 2,400 through the entry, 1,500 through the router.
    ...(direct ? { unsafeDirectSockets: [{ host: "127.0.0.1", port }] } : {}),
  };
  const companionBundle =
    companion && (await bundled(companion.config, undefined, resolve(stateDir, "companion-bundle")));
  const companionWorker = companion &&
    companionBundle && {
      ...companionBundle.workerOptions,
      name: "companion",
      modules: true,
      scriptPath: companionBundle.scriptPath,
      d1Databases,
      unsafeDirectSockets: [{ host: "127.0.0.1", port: companion.port }],
    };
  const mf = new Miniflare({
    workers: companionWorker ? [worker, companionWorker] : [worker],
    ...(direct ? { port: await freePort() } : { host: "127.0.0.1", port }),
    inspectorPort,
    // Offline: the placeholder `request.cf` instead of downloading Cloudflare's.
    cf: false,
    d1Persist: join(persisted, "d1"),
    durableObjectsPersist: join(persisted, "do"),
    r2Persist: join(persisted, "r2"),
    cachePersist: join(persisted, "cache"),
    log: new Log(LogLevel.WARN),
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      stdout.pipe(workerLog, { end: false });
      stderr.pipe(workerLog, { end: false });
    },
  });
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= mf.dispose());
  try {
    await mf.ready;
  } catch (error) {
    await stop();
    throw error;
  }
  // With assets the entry is the assets router, which has no cron handler: ask the worker itself. The cast: without
  // the workers types in Node's tsconfig, miniflare's Fetcher type does not resolve its scheduled().
  const scheduled = async (cron: string) => {
    const fetcher = (await mf.getWorker()) as unknown as ScheduledFetcher;
    return (await fetcher.scheduled({ cron, scheduledTime: new Date() })).outcome;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    companionUrl: companion && `http://127.0.0.1:${companion.port}`,
    inspectorPort,
    scheduled,
    stop,
  };
};
