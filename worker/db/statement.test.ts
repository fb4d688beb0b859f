import { describe, expect, expectTypeOf, it } from "vitest";
import { countingEnv } from "../test/counting-d1";
import { eq, sql } from "drizzle-orm";
import { createDb } from "./client";
import { compiledQueries } from "./compiled";
import type { SqlColumns } from "./rows";
import { rateLimits } from "./schema";
import { batchNamed, firstRow, typed } from "./statement";

type Limit = SqlColumns<typeof rateLimits, "key" | "count">;

describe("batchNamed", () => {
  it("answers each name with its own statements' results, from one round trip", async () => {
    const { env, counter } = countingEnv();
    const key = `statement-test-${crypto.randomUUID()}`;
    const { write, pair, read } = await batchNamed(env.DB, {
      write: env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, 0, 7)").bind(key),
      pair: [env.DB.prepare("SELECT 1 AS one"), env.DB.prepare("SELECT 2 AS two")],
      read: typed<Limit>(env.DB.prepare("SELECT key, count FROM rate_limits WHERE key = ?").bind(key)),
    });

    expect(counter.calls).toBe(1);
    expect(write.meta.changes).toBe(1);
    expect(pair.map((result) => result.results[0])).toEqual([{ one: 1 }, { two: 2 }]);
    expect(read.results).toEqual([{ key, count: 7 }]);
    expectTypeOf(read.results).toEqualTypeOf<Limit[]>();
  });

  it("rolls every name back when one statement fails", async () => {
    const { env } = countingEnv();
    const key = `statement-test-${crypto.randomUUID()}`;
    const insert = env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, 0, 1)").bind(key);
    await expect(batchNamed(env.DB, { first: insert, again: insert })).rejects.toThrow(/UNIQUE/);
    const row = await firstRow(
      typed<Limit>(env.DB.prepare("SELECT key, count FROM rate_limits WHERE key = ?").bind(key)),
    );
    expect(row).toBeNull();
  });

  it("answers a builder query with its rows, typed and mapped by drizzle, beside raw statements", async () => {
    const { env, counter } = countingEnv();
    const key = `statement-test-${crypto.randomUUID()}`;
    const limits = compiledQueries<"by key", { key: string; windowStart: number }[]>();
    const byKey = limits(
      env.DB,
      "by key",
      () =>
        createDb(env.DB)
          .select({ key: rateLimits.key, windowStart: rateLimits.windowStart })
          .from(rateLimits)
          .where(eq(rateLimits.key, sql.placeholder("key"))),
      { key },
    );
    const { write, limit, twice } = await batchNamed(env.DB, {
      write: env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, 5, 1)").bind(key),
      limit: byKey,
      twice: [byKey, byKey],
    });
    expect(counter.calls).toBe(1);
    expect(write.meta.changes).toBe(1);
    expect(limit).toEqual([{ key, windowStart: 5 }]);
    expect(twice).toEqual([limit, limit]);
    expectTypeOf(limit).toEqualTypeOf<{ key: string; windowStart: number }[]>();
    expectTypeOf(twice).toEqualTypeOf<{ key: string; windowStart: number }[][]>();
  });
});
