/** The header carrying a D1 session's bookmark: the worker answers it, the app sends the latest one back. */
export const BOOKMARK_HEADER = "X-D1-Bookmark";
