import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { myEntryQuery, standingsQuery } from "./contest-view";

const planOf = async ({ sql, params }: { sql: string; params: unknown[] }) => {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
};

describe("contest standings query plans", () => {
  it("walk the standings index in order and count the places ahead by index ranges", async () => {
    const standings = await planOf(standingsQuery(env.DB, "c", 10));
    expect(standings.join("\n")).toMatch(
      /SEARCH contest_entries USING (COVERING )?INDEX contest_entries_standings \(contest_id=\?\)/,
    );
    expect(standings.some((line) => line.includes("TEMP B-TREE"))).toBe(false);
    const mine = await planOf(myEntryQuery(env.DB, "c", "u"));
    const aheadSearches = mine.filter((line) => line.startsWith("SEARCH ahead"));
    expect(aheadSearches).toHaveLength(3);
    expect(aheadSearches.every((line) => line.includes("contest_entries_standings"))).toBe(true);
    expect(mine.some((line) => /^SCAN/.test(line))).toBe(false);
  });
});
