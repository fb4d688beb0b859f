import { decodeCursor, encodeCursor, type CursorValue } from "../../lib/cursor";
import { QUESTION_COLUMNS, VIEWER_COLUMNS, VIEWER_JOINS, type QuestionRow } from "./question-row";
import type { FeedQuery, FeedSort } from "./questions.schemas";

export const FEED_PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

type SortKey = { column: string; field: keyof QuestionRow; descending: boolean };

const key = (column: string, field: keyof QuestionRow, descending = false): SortKey => ({ column, field, descending });

/** Every sort ends with the id so the order is total and a keyset cursor never skips or repeats a row. */
const SORTS: Record<FeedSort, SortKey[]> = {
  popularity: [key("q.pick_count", "pick_count", true), key("q.deadline", "deadline"), key("q.id", "id")],
  newest: [key("q.created_at", "created_at", true), key("q.id", "id", true)],
  "ending-soon": [key("q.deadline", "deadline"), key("q.id", "id")],
  "lowest-cost": [key("q.credit_cost", "credit_cost"), key("q.deadline", "deadline"), key("q.id", "id")],
  "highest-cost": [key("q.credit_cost", "credit_cost", true), key("q.deadline", "deadline"), key("q.id", "id")],
};

/** (k1 after v1) OR (k1 = v1 AND ((k2 after v2) OR ...)), with "after" following each key's direction. */
const afterCursor = (keys: SortKey[], values: CursorValue[], params: unknown[]): string => {
  const [first, ...rest] = keys;
  const [value, ...restValues] = values;
  if (!first) return "0";
  const op = first.descending ? "<" : ">";
  params.push(value);
  if (rest.length === 0) return `${first.column} ${op} ?`;
  params.push(value);
  return `(${first.column} ${op} ? OR (${first.column} = ? AND ${afterCursor(rest, restValues, params)}))`;
};

/** The day of `date` in the player's time zone, as epoch milliseconds. */
const dayRange = (date: string, tzOffsetMinutes: number) => {
  const start = Date.parse(`${date}T00:00:00Z`) + tzOffsetMinutes * 60_000;
  return [start, start + DAY_MS] as const;
};

export type FeedStatement = { sql: string; params: unknown[] };

/**
 * The open-deadline range is only worth an index when something narrows it (ending soon, a category, a day...).
 * Otherwise the unary plus keeps SQLite from choosing the deadline index for it: without it, every open question is
 * read and sorted to keep 21, while the sort's own index (popularity, newest, cost) stops after 21 rows.
 */
const deadlineCondition = (query: FeedQuery) => {
  const narrowed =
    query.sort === "ending-soon" || query.category || query.free || query.props || query.date || query.bookmarked;
  return narrowed ? "q.deadline > ?" : "+q.deadline > ?";
};

/** One SELECT for a feed page, including the viewer's bookmark and pick on each card. */
export const buildFeedQuery = (query: FeedQuery, viewerId: string | null, now: number): FeedStatement => {
  const keys = SORTS[query.sort];
  const params: unknown[] = [];
  const joins: string[] = [];
  const where = ["q.status = 'published'", deadlineCondition(query)];

  if (viewerId) {
    params.push(viewerId);
    joins.push(VIEWER_JOINS);
  }
  params.push(now);

  if (query.category) {
    where.push("q.category = ?");
    params.push(query.category);
  }
  if (query.free) where.push("q.is_free_pick = 1");
  if (query.props) where.push("q.is_player_prop = 1");
  // Driven from the viewer's own bookmarks, a handful of rows, rather than by walking the open questions in order.
  if (query.bookmarked && viewerId) {
    where[0] = "+q.status = 'published'";
    where.push("q.id IN (SELECT question_id FROM user_bookmarks WHERE user_id = ?1)");
  }
  if (query.date) {
    const [start, end] = dayRange(query.date, query.tz);
    where.push("q.deadline >= ? AND q.deadline < ?");
    params.push(start, end);
  }
  if (query.q) {
    // instr() rather than LIKE: D1 refuses LIKE patterns over 50 bytes. SQLite's lower() folds ASCII only, so the
    // needle is folded the same way.
    const needle = query.q.replace(/[A-Z]/g, (c) => c.toLowerCase());
    where.push("(instr(lower(q.title), ?) > 0 OR instr(lower(q.answer_option_a), ?) > 0 OR instr(lower(q.answer_option_b), ?) > 0)");
    params.push(needle, needle, needle);
  }
  if (query.cursor) where.push(afterCursor(keys, decodeCursor(query.cursor, keys.length), params));

  const order = keys.map((k) => `${k.column} ${k.descending ? "DESC" : "ASC"}`).join(", ");
  params.push(FEED_PAGE_SIZE + 1);
  const sql = `SELECT ${QUESTION_COLUMNS}${viewerId ? `, ${VIEWER_COLUMNS}` : ""}
    FROM questions q ${joins.join(" ")}
    WHERE ${where.join(" AND ")}
    ORDER BY ${order} LIMIT ?`;
  return { sql, params };
};

/** Trims the look-ahead row and turns the last row's sort values into the next cursor. */
export const pageOf = (rows: QuestionRow[], sort: FeedQuery["sort"]) => {
  const keys = SORTS[sort];
  const hasMore = rows.length > FEED_PAGE_SIZE;
  const items = hasMore ? rows.slice(0, FEED_PAGE_SIZE) : rows;
  const last = items.at(-1);
  const nextCursor = hasMore && last ? encodeCursor(keys.map((k) => last[k.field] as CursorValue)) : null;
  return { items, nextCursor };
};
