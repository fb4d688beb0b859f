/**
 * The server's read-replication bookmark: sent back with every request so a replica never answers with data
 * older than this tab's own last write.
 */
export const BOOKMARK_HEADER = "X-D1-Bookmark";

let latest: string | null = null;

export const bookmarkHeaders = (): Record<string, string> => (latest ? { [BOOKMARK_HEADER]: latest } : {});

export const rememberBookmark = (response: Response) => {
  latest = response.headers.get(BOOKMARK_HEADER) ?? latest;
};
