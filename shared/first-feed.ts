/**
 * The feed's first page travels inside index.html for a visitor's /home (worker/features/home-page), so the first
 * cards need no request after the app starts (docs/decisions/0028-first-feed-in-html.md). Both sides name the element and
 * the sort the app starts with; the worker only guesses the screen, so the app uses the page only when its own
 * default sort matches.
 */
export const FIRST_FEED_ELEMENT_ID = "first-feed";

/** The pages that show the feed first ("/" redirects to /home in the app); wrangler.toml runs the worker first on both. */
export const FIRST_FEED_PATHS: readonly string[] = ["/", "/home"];

export const isFirstFeedPath = (pathname: string) => FIRST_FEED_PATHS.includes(pathname);

/** Until the player picks a sort: most popular on phones, newest on larger screens. */
export const defaultFeedSort = (isMobile: boolean) => (isMobile ? "popularity" : "newest");

/**
 * What the element holds: the answers of GET /api/questions?sort=<sort> and, unless it could not be read in time,
 * GET /api/categories (the feed's tabs), and when the worker read them.
 */
export type FirstFeed = { sort: string; at: number; page: unknown; categories?: unknown };
