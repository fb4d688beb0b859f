import { and, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { createDb } from "../../db/client";
import { compiledQueries } from "../../db/compiled";
import { afterRow, orderBy, type SortKey } from "../../db/keyset";
import { questions, userBookmarks } from "../../db/schema";
import { decodeCursor, encodeCursor, type CursorValue } from "../../lib/cursor";
import { selectQuestions, type QuestionRow } from "./question-row";
import type { FeedQuery, FeedSort } from "./questions.schemas";

export const FEED_PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

type FeedKey = SortKey & { field: "pickCount" | "deadline" | "id" | "createdAt" | "creditCost" };

const key = (field: FeedKey["field"], descending = false): FeedKey => ({ column: questions[field], field, descending });

/** Every sort ends with the id so the order is total and a keyset cursor never skips or repeats a row. */
const SORTS: Record<FeedSort, FeedKey[]> = {
  popularity: [key("pickCount", true), key("deadline"), key("id")],
  newest: [key("createdAt", true), key("id", true)],
  "ending-soon": [key("deadline"), key("id")],
  "lowest-cost": [key("creditCost"), key("deadline"), key("id")],
  "highest-cost": [key("creditCost", true), key("deadline"), key("id")],
};

/** The day of `date` in the player's time zone, as epoch milliseconds. */
const dayRange = (date: string, tzOffsetMinutes: number) => {
  const start = Date.parse(`${date}T00:00:00Z`) + tzOffsetMinutes * 60_000;
  return [start, start + DAY_MS] as const;
};

/**
 * The open-deadline range is only worth an index when something narrows it (ending soon, a category, a day...).
 * Otherwise the unary plus keeps SQLite from choosing the deadline index for it: without it, every open question is
 * read and sorted to keep 21, while the sort's own index (popularity, newest, cost) stops after 21 rows.
 */
const openDeadline = (query: FeedQuery) => {
  const narrowed =
    query.sort === "ending-soon" || query.category || query.free || query.props || query.date || query.bookmarked;
  const now = sql.placeholder("now");
  return narrowed ? sql`${questions.deadline} > ${now}` : sql`+${questions.deadline} > ${now}`;
};

/** instr() rather than LIKE: D1 refuses LIKE patterns over 50 bytes. SQLite's lower() folds ASCII only, so the needle is folded the same way. */
const needleOf = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

const matches = () => {
  const contains = (column: SQLiteColumn) => sql`instr(lower(${column}), ${sql.placeholder("needle")}) > 0`;
  return or(contains(questions.title), contains(questions.answerOptionA), contains(questions.answerOptionB));
};

/**
 * The query's shape: which conditions it has. Values (the viewer, the time, the search, the cursor) are
 * placeholders, so each shape compiles once.
 */
const shapeOf = (query: FeedQuery, bookmarks: Bookmarks) =>
  [
    query.sort,
    query.category && "category",
    query.free && "free",
    query.props && "props",
    query.date && "date",
    bookmarks && `bookmarked-${bookmarks}`,
    query.q && "search",
    query.cursor && "cursor",
  ]
    .filter(Boolean)
    .join(" ");

/**
 * Where a bookmarked-only page finds the viewer's bookmarks: in the same database ("joined"), or listed by the caller
 * ("listed", a JSON array) when they live in the viewer's database and the page is read from the catalogue.
 */
type Bookmarks = "joined" | "listed" | null;

const bookmarkedQuestions = (db: ReturnType<typeof createDb>, bookmarks: "joined" | "listed") =>
  bookmarks === "joined"
    ? inArray(
        questions.id,
        db
          .select({ id: userBookmarks.questionId })
          .from(userBookmarks)
          .where(eq(userBookmarks.userId, sql.placeholder("viewer"))),
      )
    : inArray(questions.id, sql`(SELECT value FROM json_each(${sql.placeholder("bookmarks")}))`);

const buildFeed = (d1: D1Database, query: FeedQuery, bookmarks: Bookmarks) => {
  const bookmarkedOnly = bookmarks !== null;
  const db = createDb(d1);
  const keys = SORTS[query.sort];
  const viewer = sql.placeholder("viewer");
  const conditions: (SQL | undefined)[] = [
    // Driven from the viewer's own bookmarks, a handful of rows, rather than by walking the open questions in order.
    bookmarkedOnly ? sql`+${questions.status} = 'published'` : eq(questions.status, "published"),
    openDeadline(query),
    query.category ? eq(questions.category, sql.placeholder("category")) : undefined,
    query.free ? eq(questions.isFreePick, true) : undefined,
    query.props ? eq(questions.isPlayerProp, true) : undefined,
    bookmarks ? bookmarkedQuestions(db, bookmarks) : undefined,
    query.q ? matches() : undefined,
    query.cursor
      ? afterRow(
          keys,
          keys.map((_, i) => sql.placeholder(`after${i}`)),
        )
      : undefined,
    query.date ? gte(questions.deadline, sql.placeholder("dayStart")) : undefined,
    query.date ? lt(questions.deadline, sql.placeholder("dayEnd")) : undefined,
  ];
  return selectQuestions(db, viewer)
    .where(and(...conditions))
    .orderBy(...orderBy(keys))
    .limit(FEED_PAGE_SIZE + 1);
};

const feedQueries = compiledQueries<string, QuestionRow[]>();

/**
 * One SELECT for a feed page, including the viewer's bookmark and pick on each card, bound and ready for a batch.
 * `listedBookmarks`: the viewer's bookmarked question ids, read from their database, for a bookmarked-only page.
 */
export const feedQuery = (
  d1: D1Database,
  query: FeedQuery,
  viewerId: string | null,
  now: number,
  listedBookmarks?: readonly string[],
) => {
  const bookmarks: Bookmarks = !query.bookmarked ? null : listedBookmarks ? "listed" : viewerId ? "joined" : null;
  const after = query.cursor ? decodeCursor(query.cursor, SORTS[query.sort].length) : [];
  const [dayStart, dayEnd] = query.date ? dayRange(query.date, query.tz) : [];
  return feedQueries(d1, shapeOf(query, bookmarks), () => buildFeed(d1, query, bookmarks), {
    viewer: viewerId ?? "",
    bookmarks: listedBookmarks ? JSON.stringify(listedBookmarks) : undefined,
    now,
    category: query.category,
    needle: query.q ? needleOf(query.q) : undefined,
    dayStart,
    dayEnd,
    ...Object.fromEntries(after.map((value, i) => [`after${i}`, value])),
  });
};

/** Trims the look-ahead row and turns the last row's sort values into the next cursor. */
export const pageOf = (rows: QuestionRow[], sort: FeedSort) => {
  const keys = SORTS[sort];
  const hasMore = rows.length > FEED_PAGE_SIZE;
  const items = hasMore ? rows.slice(0, FEED_PAGE_SIZE) : rows;
  const last = items.at(-1);
  const nextCursor = hasMore && last ? encodeCursor(keys.map((k): CursorValue => last[k.field])) : null;
  return { items, nextCursor };
};
