/**
 * Data points for Workers Analytics Engine, one dataset for the whole app. Every point's first blob (and its index,
 * which Analytics Engine samples by) is the event's name, so an operator's SQL filters `WHERE blob1 = 'pick'`; the
 * other blobs and doubles of each event are listed below and in docs/operations.md with the dashboards' queries.
 */
export type MetricEvent =
  | { event: "request"; route: string; method: string; colo: string; status: number; durationMs: number }
  | { event: "pick"; questionId: string; credits: number; multiplier: number }
  | { event: "settlement"; questionId: string; picks: number; paidCredits: number; durationMs: number }
  | { event: "purchase"; currency: string; kind: string; credits: number; amountMinor: number }
  | { event: "redemption"; kind: string; step: string; credits: number }
  | { event: "live"; audience: string; sockets: number; messages: number };

export type MetricPoint = Required<AnalyticsEngineDataPoint>;

/** The blobs, then the doubles, of each event, in their column order: blob2 is the first after the event's name. */
export const pointOf = (metric: MetricEvent): MetricPoint => {
  const [blobs, doubles] = ((): [string[], number[]] => {
    switch (metric.event) {
      case "request":
        return [
          [metric.route, metric.method, metric.colo],
          [metric.status, metric.durationMs],
        ];
      case "pick":
        return [[metric.questionId], [metric.credits, metric.multiplier]];
      case "settlement":
        return [[metric.questionId], [metric.picks, metric.paidCredits, metric.durationMs]];
      case "purchase":
        return [
          [metric.currency, metric.kind],
          [metric.credits, metric.amountMinor],
        ];
      case "redemption":
        return [[metric.kind, metric.step], [metric.credits]];
      case "live":
        return [[metric.audience], [metric.sockets, metric.messages]];
    }
  })();
  return { indexes: [metric.event], blobs: [metric.event, ...blobs], doubles };
};

export type Metrics = { write: (metric: MetricEvent) => void };

/** Where points go when no dataset is bound (development and tests): kept in memory, for a test to read. */
export const recordedPoints: MetricPoint[] = [];
/** When each recorded point was written, in the same order: the local health page's last hour of requests. */
const recordedAt: number[] = [];
const RECORDED_LIMIT = 10_000;

const recorder: AnalyticsEngineDataset = {
  writeDataPoint: (point) => {
    if (recordedPoints.length >= RECORDED_LIMIT) {
      recordedPoints.shift();
      recordedAt.shift();
    }
    recordedPoints.push(point as MetricPoint);
    recordedAt.push(Date.now());
  },
};

/** Forgets what was recorded: each test starts from none. */
export const clearRecordedPoints = () => {
  recordedPoints.length = 0;
  recordedAt.length = 0;
};

/** The recorded requests since a time, as route and status: what the dataset's SQL answers in production. */
export const recordedRequestsSince = (since: number) =>
  recordedPoints.flatMap((point, i) =>
    point.blobs[0] === "request" && (recordedAt[i] ?? 0) >= since
      ? [{ route: point.blobs[1] ?? "", status: point.doubles[0] ?? 0 }]
      : [],
  );

/**
 * Writes to the dataset, or to the in-memory recorder without one. writeDataPoint returns at once (the runtime sends
 * points after the response), and a metric must never fail the work it measures.
 */
export const createMetrics = (dataset: AnalyticsEngineDataset | undefined): Metrics => {
  const target = dataset ?? recorder;
  return {
    write: (metric) => {
      try {
        target.writeDataPoint(pointOf(metric));
      } catch {
        // A point over Analytics Engine's limits is dropped, never the request.
      }
    },
  };
};
