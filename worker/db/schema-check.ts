import { is, SQL, StringChunk } from "drizzle-orm";
import { getTableConfig, SQLiteColumn, SQLiteTable, type IndexColumn } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * The schema and the migrated database described in one comparable shape, so a test can show the difference
 * between them table by table. CHECK constraints and triggers are not compared: SQLite reports them only as
 * the CREATE statement's text.
 */
export type TableShape = {
  columns: string[];
  indexes: string[];
  uniques: string[];
  foreignKeys: string[];
};

export const schemaTables = () =>
  Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable => is(value, SQLiteTable));

const sqlDefault = (value: unknown) => {
  if (value === undefined || value === null) return "none";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return `'${value}'`;
  return `'${JSON.stringify(value)}'`;
};

const normalise = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** An index column as "name", "name desc" or "name collate nocase", from a column or an expression such as desc(column). */
const indexColumnText = (column: IndexColumn) => {
  if (is(column, SQLiteColumn)) return column.name;
  const parts = (column as SQL).queryChunks.map((chunk) => {
    if (is(chunk, SQLiteColumn)) return chunk.name;
    if (is(chunk, StringChunk)) return chunk.value.join("");
    return "";
  });
  return normalise(parts.join(""));
};

/** A column type may carry its collation ("text COLLATE NOCASE"); SQLite reports the collation on the index instead. */
const COLLATION = / collate (\w+)$/i;
const collationOf = (sqlType: string) => {
  const collation = COLLATION.exec(sqlType)?.[1];
  return collation ? ` collate ${collation.toLowerCase()}` : "";
};

const partition = <T>(items: T[], test: (item: T) => boolean): [T[], T[]] => [
  items.filter(test),
  items.filter((item) => !test(item)),
];

const whereText = (where: SQL | undefined) => (where ? " partial" : "");

type ColumnFacts = { name: string; type: string; notNull: boolean; pk: number; dflt: string; generated: string };

const columnText = ({ name, type, notNull, pk, dflt, generated }: ColumnFacts) =>
  // A primary key column's NOT NULL is implied (or not) by SQLite itself, so it is compared by its key position.
  `${name} ${type.toLowerCase()}${pk ? ` pk${pk}` : notNull ? " not null" : ""} default=${dflt}${generated ? ` generated ${generated}` : ""}`;

export const shapeOfSchema = (table: SQLiteTable): TableShape => {
  const config = getTableConfig(table);
  const compositeKey = config.primaryKeys[0]?.columns.map((column) => column.name) ?? [];
  const columns = config.columns.map((column) =>
    columnText({
      name: column.name,
      type: column.getSQLType().replace(COLLATION, ""),
      notNull: column.notNull,
      pk: column.primary ? 1 : compositeKey.indexOf(column.name) + 1,
      dflt: column.generated ? "none" : sqlDefault(column.default),
      generated: column.generated ? (column.generated.mode ?? "virtual") : "",
    }),
  );
  const [uniqueIndexes, otherIndexes] = partition(config.indexes, ({ config: index }) => index.unique && !index.where);
  const indexes = otherIndexes.map(
    ({ config: index }) =>
      `${index.name}${index.unique ? " unique" : ""} (${index.columns.map(indexColumnText).join(", ")})${whereText(index.where)}`,
  );
  const uniques = [
    ...config.columns
      .filter((column) => column.isUnique)
      .map((column) => `${column.name}${collationOf(column.getSQLType())}`),
    ...config.uniqueConstraints.map((constraint) => constraint.columns.map((column) => column.name).join(", ")),
    ...uniqueIndexes.map(({ config: index }) => index.columns.map(indexColumnText).join(", ")),
  ];
  const foreignKeys = config.foreignKeys.map((key) => {
    const reference = key.reference();
    const target = getTableConfig(reference.foreignTable).name;
    return `${reference.columns.map((c) => c.name).join(", ")} -> ${target}(${reference.foreignColumns.map((c) => c.name).join(", ")}) on delete ${key.onDelete ?? "no action"}`;
  });
  return { columns, indexes: indexes.sort(), uniques: uniques.sort(), foreignKeys: foreignKeys.sort() };
};

type XInfo = { name: string; type: string; notnull: number; dflt_value: string | null; pk: number; hidden: number };
type IndexRow = { name: string; unique: number; origin: string; partial: number };
type IndexColumnRow = { name: string | null; desc: number; coll: string; key: number };
type ForeignKeyRow = { id: number; seq: number; table: string; from: string; to: string; on_delete: string };

const indexColumnsOf = async (d1: D1Database, index: string) => {
  const { results } = await d1.prepare(`PRAGMA index_xinfo('${index}')`).all<IndexColumnRow>();
  return results
    .filter((column) => column.key === 1)
    .map(
      (column) =>
        `${column.name}${column.desc ? " desc" : ""}${column.coll === "BINARY" ? "" : ` collate ${column.coll.toLowerCase()}`}`,
    );
};

export const shapeOfDatabase = async (d1: D1Database, table: string): Promise<TableShape> => {
  const { results: info } = await d1.prepare(`PRAGMA table_xinfo('${table}')`).all<XInfo>();
  const columns = info.map((column) =>
    columnText({
      name: column.name,
      type: column.type,
      notNull: column.notnull === 1,
      pk: column.pk,
      dflt: column.dflt_value ?? "none",
      generated: column.hidden === 2 ? "virtual" : column.hidden === 3 ? "stored" : "",
    }),
  );
  const { results: indexList } = await d1.prepare(`PRAGMA index_list('${table}')`).all<IndexRow>();
  const indexes: string[] = [];
  const uniques: string[] = [];
  for (const index of indexList) {
    const indexColumns = await indexColumnsOf(d1, index.name);
    // A table's UNIQUE constraint and a CREATE UNIQUE INDEX (which drizzle-kit writes for one) enforce the same thing.
    if (index.origin === "u" || (index.origin === "c" && index.unique && !index.partial)) {
      uniques.push(indexColumns.join(", "));
    } else if (index.origin === "c") {
      indexes.push(
        `${index.name}${index.unique ? " unique" : ""} (${indexColumns.join(", ")})${index.partial ? " partial" : ""}`,
      );
    }
  }
  const { results: keys } = await d1.prepare(`PRAGMA foreign_key_list('${table}')`).all<ForeignKeyRow>();
  const byId = new Map<number, ForeignKeyRow[]>();
  for (const key of keys) byId.set(key.id, [...(byId.get(key.id) ?? []), key]);
  const foreignKeys = [...byId.values()].map((parts) => {
    const first = parts[0]!;
    return `${parts.map((p) => p.from).join(", ")} -> ${first.table}(${parts.map((p) => p.to).join(", ")}) on delete ${first.on_delete.toLowerCase()}`;
  });
  return { columns, indexes: indexes.sort(), uniques: uniques.sort(), foreignKeys: foreignKeys.sort() };
};

export const databaseTables = async (d1: D1Database) => {
  const { results } = await d1
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name`,
    )
    .all<{ name: string }>();
  return results.map((row) => row.name);
};
