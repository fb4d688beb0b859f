import { BUDGETS } from "../config";
import { authHeaders, getStatus, type Session } from "../lib/api";
import { measureLoad, SERIAL } from "../lib/load";
import { notMeasured, verdict, type BenchContext, type ScenarioResult } from "../lib/results";

const PERIODS = ["3", "7", "all"] as const;
const budget = `p50 <= ${BUDGETS.leaderboardP50Ms} ms`;

/** Signed in as a ranked player, so each request also finds the viewer's own row and rank. */
export const leaderboard = async (ctx: BenchContext, rankedPlayer: Session): Promise<ScenarioResult[]> => {
  const probe = await getStatus(`${ctx.app.url}/api/leaderboard?period=all`, authHeaders(rankedPlayer));
  if (probe === 404) {
    return PERIODS.map((period) =>
      notMeasured(
        `leaderboard:${period}`,
        `GET /api/leaderboard?period=${period}`,
        budget,
        "not available: the route answers 404 in this build",
      ),
    );
  }
  if (probe !== 200) throw new Error(`GET /api/leaderboard answered ${probe}`);
  const results: ScenarioResult[] = [];
  for (const period of PERIODS) {
    ctx.log(`leaderboard ${period}`);
    const url = `${ctx.app.url}/api/leaderboard?period=${period}`;
    const serial = await measureLoad({ url, headers: authHeaders(rankedPlayer) }, SERIAL);
    results.push({
      id: `leaderboard:${period}`,
      title: `GET /api/leaderboard?period=${period}, signed in as a ranked player, 1 connection`,
      figures: { p50Ms: serial.p50Ms, p99Ms: serial.p99Ms, rps: serial.rps, failed: serial.failed },
      budget,
      verdict: verdict(serial.p50Ms <= BUDGETS.leaderboardP50Ms && serial.failed === 0),
      runs: serial.runs,
    });
  }
  return results;
};
