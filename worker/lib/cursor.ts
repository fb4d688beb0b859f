import { AppError } from "./errors";

/**
 * The one cursor scheme of every list: the sort key values of the last row shown, as base64url JSON. Opaque to
 * clients; any cursor that does not decode to the list's own key shape answers 400 "Invalid cursor".
 */
export type CursorValue = string | number;

const INVALID = () => new AppError("bad_request", "Invalid cursor");

export const encodeCursor = (values: CursorValue[]): string =>
  btoa(JSON.stringify(values)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

export const decodeCursor = (cursor: string, length: number): CursorValue[] => {
  let values: unknown;
  try {
    values = JSON.parse(atob(cursor.replaceAll("-", "+").replaceAll("_", "/")));
  } catch {
    throw INVALID();
  }
  const valid =
    Array.isArray(values) &&
    values.length === length &&
    values.every((value) => typeof value === "string" || (typeof value === "number" && Number.isFinite(value)));
  if (!valid) throw INVALID();
  return values as CursorValue[];
};

/** The keyset of lists ordered newest first: (created_at, id). */
export type Keyset = { createdAt: number; id: string };

export const encodeKeyset = ({ createdAt, id }: Keyset): string => encodeCursor([createdAt, id]);

export const decodeKeyset = (cursor: string): Keyset => {
  const [createdAt, id] = decodeCursor(cursor, 2);
  if (typeof createdAt !== "number" || typeof id !== "string" || !Number.isInteger(createdAt)) throw INVALID();
  return { createdAt, id };
};

/** An offset into a ranked list (the leaderboard), in the same scheme. */
export const decodeOffset = (cursor: string | undefined): number => {
  if (cursor === undefined) return 0;
  const [offset] = decodeCursor(cursor, 1);
  if (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0) throw INVALID();
  return offset;
};

/** Rows fetched with one extra to know whether a next page exists. */
export const page = <T extends { createdAt: number; id: string }>(rows: T[], size: number) => {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? encodeKeyset(last) : null };
};
