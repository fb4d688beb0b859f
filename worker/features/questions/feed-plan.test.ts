import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { feedQuery } from "./feed.query";
import { feedQuerySchema, FEED_SORTS } from "./questions.schemas";
import { BOOKMARKS_ON_OPEN_QUESTIONS, PICKS_ON_OPEN_QUESTIONS } from "./viewer-own";

const FILTERS: Record<string, string>[] = [
  {},
  { category: "NBA" },
  { free: "1" },
  { props: "1" },
  { q: "lakers" },
  { date: "2030-01-02", tz: "300" },
];

const planOf = async (sql: string, params: unknown[]) => {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
};

describe("feed query plans", () => {
  it("never scans the questions table without an index, for every sort and filter, signed in or not", async () => {
    for (const sort of FEED_SORTS) {
      for (const filter of [...FILTERS, { bookmarked: "1" }]) {
        for (const viewer of filter.bookmarked ? ["some-user"] : [null, "some-user"]) {
          const query = feedQuerySchema.parse({ sort, ...filter });
          const { sql, params } = feedQuery(env.DB, query, viewer, Date.now());
          const plan = await planOf(sql, params);
          const label = `${sort} ${JSON.stringify(filter)} viewer=${viewer}`;
          expect(
            plan.some((line) => /^SCAN questions\b(?!.*USING)/.test(line)),
            `${label}\n${plan.join("\n")}`,
          ).toBe(false);
          expect(
            plan.filter((line) => /^SCAN (user_bookmarks|user_picks)\b(?!.*USING)/.test(line)),
            label,
          ).toEqual([]);
        }
      }
    }
  });

  it("reads a sharded viewer's picks on open questions from their active picks, never walking every open question", async () => {
    const plan = await planOf(PICKS_ON_OPEN_QUESTIONS, ["some-user", Date.now()]);
    expect(plan).toContain("SEARCH p USING INDEX user_picks_user_active (user_id=?)");
    expect(plan).toContain("SCAN q USING INDEX questions_settlement");
    expect(
      plan.filter((line) => /questions_feed_|^SCAN (user_picks|questions)\b(?!.*USING)/.test(line)),
      plan.join("\n"),
    ).toEqual([]);
  });

  it("reads a sharded viewer's bookmarks on open questions from their own bookmarks, each checked by its question's key", async () => {
    const plan = await planOf(BOOKMARKS_ON_OPEN_QUESTIONS, ["some-user", Date.now()]);
    expect(plan).toContain("SEARCH b USING PRIMARY KEY (user_id=?)");
    expect(plan).toContain("SEARCH q USING INDEX sqlite_autoindex_questions_1 (id=?)");
  });
});
