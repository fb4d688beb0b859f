import { Column, is, noopDecoder, SQL } from "drizzle-orm";

type Decoder = { mapFromDriverValue(value: unknown): unknown };

const isDecoder = (value: unknown): value is Decoder =>
  typeof value === "object" &&
  value !== null &&
  "mapFromDriverValue" in value &&
  typeof value.mapFromDriverValue === "function";

/**
 * How drizzle reads a selected field back: a column by its own type, a `sql` fragment by its mapWith, which drizzle
 * keeps on the fragment without listing it in its types.
 */
const decoderOf = (name: string, field: unknown): Decoder => {
  if (isDecoder(field)) return field;
  const fragment = is(field, SQL.Aliased) ? field.sql : field;
  if (is(fragment, SQL) && "decoder" in fragment && isDecoder(fragment.decoder)) return fragment.decoder;
  throw new Error(`Field ${name}: a compiled query selects columns and sql fragments, in one flat row`);
};

/** Most columns read back as they are stored (text, plain integers, untyped `sql` fragments): nothing to call. */
const AS_STORED = new Set<unknown>([Column.prototype.mapFromDriverValue, noopDecoder.mapFromDriverValue]);

/**
 * Reads a batch result into rows as drizzle's own mapping does for a flat selection, by position (see `renamed` in
 * columns.ts), but finds each field's decoder once, and calls none for a field read back as stored. drizzle looks the
 * decoder up again for every value: about 2 µs a row of ten columns and 8 µs a row of ten `sql` fragments, a quarter
 * of a millisecond for a leaderboard page. A feed page is 20 rows of about 40 fields, most of them stored as read.
 */
export const flatRowReader = (fields: Record<string, unknown>) => {
  const names = Object.keys(fields);
  // Bound once: the columns of an aliased table or a CTE are proxies, slow to look a method up on.
  const decoders = Object.entries(fields).map(([name, field]) => {
    const decoder = decoderOf(name, field);
    return AS_STORED.has(decoder.mapFromDriverValue) ? null : decoder.mapFromDriverValue.bind(decoder);
  });
  return (result: D1Result) =>
    result.results.map((row) => {
      const values = Object.values(row as Record<string, unknown>);
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i += 1) {
        const value = values[i];
        const decode = decoders[i];
        mapped[names[i]!] = value === null ? null : decode ? decode(value) : value;
      }
      return mapped;
    });
};
