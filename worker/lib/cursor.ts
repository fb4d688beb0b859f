import { AppError } from "./errors";

/** An opaque keyset cursor (created_at, id) for lists ordered newest first. */
export type Keyset = { createdAt: number; id: string };

export const encodeCursor = ({ createdAt, id }: Keyset): string =>
  btoa(`${createdAt}:${id}`).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

export const decodeCursor = (cursor: string): Keyset => {
  try {
    // Only the first colon separates: ids may hold colons of their own (activity entries 'win:<pickId>').
    const [createdAt, ...rest] = atob(cursor.replaceAll("-", "+").replaceAll("_", "/")).split(":");
    const id = rest.join(":");
    if (createdAt && id && /^\d+$/.test(createdAt)) return { createdAt: Number(createdAt), id };
  } catch {
    // Not base64: answered below like any other malformed cursor.
  }
  throw new AppError("bad_request", "Invalid cursor");
};

/** Rows fetched with one extra to know whether a next page exists. */
export const page = <T extends { createdAt: number; id: string }>(rows: T[], size: number) => {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? encodeCursor(last) : null };
};
