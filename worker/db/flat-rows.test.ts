import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { flatRowReader } from "./flat-rows";

const sample = sqliteTable("sample", {
  name: text("name").notNull(),
  active: integer("active", { mode: "boolean" }).notNull(),
  tags: text("tags", { mode: "json" }).$type<string[]>(),
  seen: integer("seen", { mode: "timestamp_ms" }),
});

const resultOf = (rows: Record<string, unknown>[]) =>
  ({ results: rows, success: true, meta: {} }) as unknown as D1Result;

describe("flatRowReader", () => {
  const read = flatRowReader({
    name: sample.name,
    active: sample.active,
    tags: sample.tags,
    seen: sample.seen,
    count: sql`count(*)`.mapWith(Number),
    raw: sql<string>`upper(name)`,
  });

  it("decodes typed columns and mapped fragments, and passes stored values through, by position", () => {
    const rows = read(resultOf([{ a: "ann", b: 1, c: '["x"]', d: 1_700_000_000_000, e: "3", f: "ANN" }]));
    expect(rows).toEqual([
      { name: "ann", active: true, tags: ["x"], seen: new Date(1_700_000_000_000), count: 3, raw: "ANN" },
    ]);
  });

  it("keeps null as null without decoding it", () => {
    const rows = read(resultOf([{ a: "bo", b: 0, c: null, d: null, e: "0", f: null }]));
    expect(rows).toEqual([{ name: "bo", active: false, tags: null, seen: null, count: 0, raw: null }]);
  });
});
