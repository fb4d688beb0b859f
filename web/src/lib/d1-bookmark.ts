import { BOOKMARK_HEADER } from "#shared/d1-bookmark";

/** The server's read-replication bookmark goes back with every request, so a replica never answers with data older than this tab's own last write. */

let latest: string | null = null;

export const bookmarkHeaders = (): Record<string, string> => (latest ? { [BOOKMARK_HEADER]: latest } : {});

export const rememberBookmark = (response: Response) => {
  latest = response.headers.get(BOOKMARK_HEADER) ?? latest;
};
