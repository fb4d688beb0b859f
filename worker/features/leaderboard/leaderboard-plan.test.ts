import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { boardCount, boardPage, boardRow, type Period } from "./leaderboard.query";

const planOf = async (sql: string, params: unknown[]) => {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
};

const boardQueries = (period: Period) => ({
  page: boardPage(env.DB, period, 0),
  count: boardCount(env.DB, period),
  mine: boardRow(env.DB, period, "some-user"),
});

/** Each board's page, count and viewer's row, as the service binds them. */
const queries = () =>
  Object.entries({ period: boardQueries("7"), "all-time": boardQueries("all") }).flatMap(([board, bound]) =>
    Object.entries(bound).map(([name, { sql, params }]) => [`${board} ${name}`, sql, params] as const),
  );

const BOARD_INDEX = /USING (COVERING )?INDEX (leaderboard_periods_rank|leaderboard_totals_points)/;

describe("leaderboard query plans", () => {
  it("read the boards through their indexes: no table scan, no sort of the board", async () => {
    for (const [label, sql, params] of queries()) {
      const plan = await planOf(sql, params);
      const where = `${label}\n${plan.join("\n")}`;
      // t, x and u are the tables; page and first are the page's own few rows.
      const tableScans = plan.filter((line) => /^SCAN (t|x|u)\b/.test(line) && !line.includes(" USING "));
      expect(tableScans, where).toEqual([]);
      if (label.endsWith("page"))
        expect(
          plan.some((line) => BOARD_INDEX.test(line)),
          where,
        ).toBe(true);
      // At most one sort, and only of the page's own rows (SCAN page), never of the board.
      expect(plan.filter((line) => line.includes("TEMP B-TREE")).length, where).toBeLessThanOrEqual(1);
    }
  });
});
