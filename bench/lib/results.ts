import type { Server } from "./servers";
import type { Session } from "./api";

export type Verdict = "met" | "not met" | "not measured";

/** One row of the report: the absolute figures, the ratio against its baseline where there is one, and the verdict. */
export type ScenarioResult = {
  id: string;
  title: string;
  figures: Record<string, number | string>;
  ratio?: number;
  budget: string;
  verdict: Verdict;
  note?: string;
  runs?: unknown;
};

export type BenchContext = {
  app: Server;
  baseline: Server;
  /** A session of the seeded player (re-signed in when its 15-minute access token gets old). */
  player: () => Promise<Session>;
  admin: () => Promise<Session>;
  log: (message: string) => void;
};

export const verdict = (met: boolean): Verdict => (met ? "met" : "not met");

export const notMeasured = (id: string, title: string, budget: string, note: string): ScenarioResult => ({
  id,
  title,
  figures: {},
  budget,
  verdict: "not measured",
  note,
});
