import autocannon from "autocannon";
import { LOAD, RUNS } from "../config";
import { median, percentile, round } from "../../scripts/lib/stats";

/**
 * `failed`: answers other than 2xx, timeouts and connection errors; `resets`: connections workerd closed with a request
 * unread in them, which local workerd does under saturation (docs/decisions/0022-bench-method.md).
 */
export type LoadRun = { rps: number; p50Ms: number; p99Ms: number; ok: number; failed: number; resets: number };
export type LoadSummary = LoadRun & { runs: LoadRun[] };

export type LoadTarget = {
  url: string;
  method?: "GET" | "POST" | "PUT";
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request (for per-request users and bodies); autocannon calls it before every request. */
  setupRequest?: autocannon.Request["setupRequest"];
};

type Shape = { connections: number; seconds: number; warmupSeconds: number };

/**
 * One bounded autocannon run on this machine's loopback. Latencies are recorded from autocannon's response events
 * in fractional milliseconds (its own histogram keeps whole ones, too coarse for a 4 ms p50).
 */
export const loadOnce = (target: LoadTarget, shape: Pick<Shape, "connections" | "seconds">) =>
  new Promise<LoadRun>((resolve, reject) => {
    const latencies: number[] = [];
    let failed = 0;
    let resets = 0;
    const instance = autocannon(
      {
        url: target.url,
        method: target.method ?? "GET",
        headers: target.headers,
        body: target.body,
        requests: target.setupRequest ? [{ setupRequest: target.setupRequest }] : undefined,
        connections: shape.connections,
        duration: shape.seconds,
        timeout: 10,
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: round(latencies.length / result.duration, 1),
          p50Ms: round(percentile(latencies, 50), 2),
          p99Ms: round(percentile(latencies, 99), 2),
          ok: latencies.length,
          failed,
          resets,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else failed += 1;
    });
    // autocannon reports timeouts here too, as errors without a code.
    instance.on("reqError", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET") resets += 1;
      else failed += 1;
    });
  });

const summarize = (runs: LoadRun[]): LoadSummary => ({
  rps: median(runs.map((run) => run.rps)),
  p50Ms: median(runs.map((run) => run.p50Ms)),
  p99Ms: median(runs.map((run) => run.p99Ms)),
  ok: runs.reduce((sum, run) => sum + run.ok, 0),
  failed: runs.reduce((sum, run) => sum + run.failed, 0),
  resets: runs.reduce((sum, run) => sum + run.resets, 0),
  runs,
});

/** A short warm-up (JIT, caches), then RUNS measured runs; every figure is the median of the runs. */
export const measureLoad = async (target: LoadTarget, shape: Shape): Promise<LoadSummary> => {
  await loadOnce(target, { connections: shape.connections, seconds: shape.warmupSeconds });
  const runs: LoadRun[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(target, shape));
  return summarize(runs);
};

export type PairedSummary = { baseline: LoadSummary; app: LoadSummary; ratios: number[]; ratio: number };

/**
 * The app against its baseline, one run of each in turn (baseline first) after a warm-up of both: each ratio divides
 * runs made seconds apart, so a slow spell of the shared machine weighs on both sides. The ratio is the median of the
 * rounds' ratios.
 */
export const measurePaired = async (baseline: LoadTarget, app: LoadTarget, shape: Shape): Promise<PairedSummary> => {
  for (const target of [baseline, app])
    await loadOnce(target, { connections: shape.connections, seconds: shape.warmupSeconds });
  const baselineRuns: LoadRun[] = [];
  const appRuns: LoadRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    baselineRuns.push(await loadOnce(baseline, shape));
    appRuns.push(await loadOnce(app, shape));
  }
  const ratios = appRuns.map((run, i) => round(run.rps / (baselineRuns[i]?.rps ?? Number.NaN), 2));
  return { baseline: summarize(baselineRuns), app: summarize(appRuns), ratios, ratio: median(ratios) };
};

export const THROUGHPUT: Shape = {
  connections: LOAD.connections,
  seconds: LOAD.seconds,
  warmupSeconds: LOAD.warmupSeconds,
};
export const SERIAL: Shape = { connections: 1, seconds: LOAD.latencySeconds, warmupSeconds: LOAD.latencyWarmupSeconds };
