import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allTimeCountSql, allTimePageSql, allTimeRowSql, periodCountSql, periodPageSql, periodRowSql } from "./leaderboard.query";

const planOf = async (sql: string, params: unknown[]) => {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((row) => row.detail);
};

const QUERIES: [string, string, unknown[]][] = [
  ["period page", periodPageSql, [7, 0, 50]],
  ["period row", periodRowSql, [7, "some-user"]],
  ["period count", periodCountSql, [7]],
  ["all-time page", allTimePageSql, [0, 50]],
  ["all-time row", allTimeRowSql, ["some-user"]],
  ["all-time count", allTimeCountSql, []],
];

const BOARD_INDEX = /USING (COVERING )?INDEX (leaderboard_periods_rank|leaderboard_totals_points)/;

describe("leaderboard query plans", () => {
  it("read the boards through their indexes: no table scan, no sort of the board", async () => {
    for (const [label, sql, params] of QUERIES) {
      const plan = await planOf(sql, params);
      const where = `${label}\n${plan.join("\n")}`;
      // t, x and u are the tables; p, page and first are the page's own few rows.
      const tableScans = plan.filter((line) => /^SCAN (t|x|u)\b/.test(line) && !line.includes(" USING "));
      expect(tableScans, where).toEqual([]);
      if (label.endsWith("page")) expect(plan.some((line) => BOARD_INDEX.test(line)), where).toBe(true);
      // At most one sort, and only of the page's own rows (SCAN page), never of the board.
      expect(plan.filter((line) => line.includes("TEMP B-TREE")).length, where).toBeLessThanOrEqual(1);
    }
  });
});
