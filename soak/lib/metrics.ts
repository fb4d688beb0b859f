import { percentile, round } from "../../scripts/lib/stats";

/** 0 is a request that got no answer (timeout or refused connection). */
type StatusClass = "2xx" | "3xx" | "4xx" | "5xx" | "no answer";

export type Sample = { route: string; status: number; body: string; atSecond: number };

export type RouteSummary = {
  route: string;
  count: number;
  classes: Partial<Record<StatusClass, number>>;
  statuses: Record<string, number>;
  p50Ms: number | null;
  p99Ms: number | null;
};

const SAMPLES_PER_KIND = 30;
const BODY_CHARS = 600;

const classOf = (status: number): StatusClass =>
  status === 0 ? "no answer" : status >= 500 ? "5xx" : status >= 400 ? "4xx" : status >= 300 ? "3xx" : "2xx";

type RouteStats = { statuses: Map<number, number>; latencies: number[] };

/**
 * Everything the soak sent, by route template. Latencies are kept whole (a 10-minute soak sends a few hundred
 * thousand requests at most, a few MB of numbers) so p99 is exact.
 */
export const createMetrics = (startedAt: number) => {
  const routes = new Map<string, RouteStats>();
  const serverErrors: Sample[] = [];
  const unexpected: Sample[] = [];
  let unexpectedCount = 0;

  const record = (route: string, status: number, ms: number | null, body = "", expected: readonly number[] = []) => {
    const stats: RouteStats = routes.get(route) ?? { statuses: new Map(), latencies: [] };
    routes.set(route, stats);
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    if (ms !== null) stats.latencies.push(ms);
    const sample = { route, status, body: body.slice(0, BODY_CHARS), atSecond: round((Date.now() - startedAt) / 1000) };
    if (status === 0 || status >= 500) {
      if (serverErrors.length < SAMPLES_PER_KIND) serverErrors.push(sample);
    } else if (status >= 400 && !expected.includes(status)) {
      unexpectedCount++;
      if (unexpected.length < SAMPLES_PER_KIND) unexpected.push(sample);
    }
  };

  const summary = (): RouteSummary[] =>
    [...routes.entries()]
      .map(([route, stats]) => {
        const classes: Partial<Record<StatusClass, number>> = {};
        const statuses: Record<string, number> = {};
        let count = 0;
        for (const [status, n] of [...stats.statuses.entries()].sort(([a], [b]) => a - b)) {
          classes[classOf(status)] = (classes[classOf(status)] ?? 0) + n;
          statuses[String(status)] = n;
          count += n;
        }
        const timed = stats.latencies.length > 0;
        return {
          route,
          count,
          classes,
          statuses,
          p50Ms: timed ? round(percentile(stats.latencies, 50)) : null,
          p99Ms: timed ? round(percentile(stats.latencies, 99)) : null,
        };
      })
      .sort((a, b) => b.count - a.count);

  return { record, summary, serverErrors, unexpected, unexpectedCount: () => unexpectedCount };
};

export type Metrics = ReturnType<typeof createMetrics>;

export const totalsOf = (routes: RouteSummary[]) => {
  const totals: Record<StatusClass | "requests", number> = {
    requests: 0,
    "2xx": 0,
    "3xx": 0,
    "4xx": 0,
    "5xx": 0,
    "no answer": 0,
  };
  for (const route of routes) {
    totals.requests += route.count;
    for (const [name, n] of Object.entries(route.classes)) totals[name as StatusClass] += n;
  }
  return totals;
};
