import type { Client } from "@libsql/client";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const INSERT_SELECT = /^INSERT INTO (\w+)\b[\s\S]*\bSELECT\b[\s\S]*\bFROM\b/i;

const statementsOf = (sql: string) =>
  sql
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .split(/;\s*\n/)
    .map((statement) => statement.trim());

/**
 * Aggregates that settlement maintains (the leaderboards) are derived from the generated picks by the migrations'
 * own backfill statements: each `INSERT ... SELECT ... FROM` of a migration runs again, in order, when its table is
 * still empty. So the bench follows the schema as it changes instead of copying its sums.
 */
export const rerunBackfills = async (db: Client, migrationsDir = "migrations") => {
  const ran: string[] = [];
  for (const file of readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    for (const statement of statementsOf(readFileSync(join(migrationsDir, file), "utf8"))) {
      const table = statement.match(INSERT_SELECT)?.[1];
      if (!table) continue;
      const { rows } = await db.execute(`SELECT EXISTS (SELECT 1 FROM ${table}) AS filled`);
      if (Number(rows[0]?.filled) === 1) continue;
      await db.execute(statement);
      ran.push(table);
    }
  }
  return ran;
};
