import { env } from "cloudflare:test";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { databaseTables, schemaTables, shapeOfDatabase, shapeOfSchema } from "./schema-check";

const tables = schemaTables();

describe("the schema and the migrated database", () => {
  it("have the same tables", async () => {
    const declared = tables.map((table) => getTableConfig(table).name).sort();
    expect(await databaseTables(env.DB)).toEqual(declared);
  });

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))(
    "agree on %s's columns, indexes, unique constraints and foreign keys",
    async (name, table) => {
      expect(await shapeOfDatabase(env.DB, name), name).toEqual(shapeOfSchema(table));
    },
  );
});
