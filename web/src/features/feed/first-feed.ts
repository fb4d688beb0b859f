import { FIRST_FEED_ELEMENT_ID, type FirstFeed } from "#shared/first-feed";
import type { CategoriesResponse } from "./categories-query";
import type { FeedPage } from "./feed-types";

const isFeedPage = (page: unknown): page is FeedPage => {
  const candidate = page as Partial<Record<keyof FeedPage, unknown>> | null;
  return Array.isArray(candidate?.items) && (candidate.nextCursor === null || typeof candidate.nextCursor === "string");
};

const isCategories = (answer: unknown): answer is CategoriesResponse => {
  const candidate = answer as Partial<Record<keyof CategoriesResponse, unknown>> | null;
  return Array.isArray(candidate?.categories) && typeof candidate.hasPlayerProps === "boolean";
};

/**
 * The text of the element the worker put in a visitor's index.html; absent under the dev server, for a signed-in
 * player and when the worker could not read the feed.
 */
export const readFirstFeedText = (page: Pick<Document, "getElementById">) =>
  page.getElementById(FIRST_FEED_ELEMENT_ID)?.textContent;

/**
 * The first page of the feed that the worker read for a visitor's /home (worker/features/home-page), if it is the
 * page of `sort`: the body of GET /api/questions, trusted as the app trusts that answer, and the feed's tabs (GET
 * /api/categories) when the worker read them in time. Its time is the worker's, never later than now, so a page kept
 * by the browser's history is as old as it is and refetched.
 */
export const parseFirstFeed = (
  text: string | null | undefined,
  sort: string,
): { page: FeedPage; categories: CategoriesResponse | null; at: number } | null => {
  if (!text) return null;
  try {
    const inlined = JSON.parse(text) as Partial<FirstFeed>;
    if (inlined.sort !== sort || typeof inlined.at !== "number" || !isFeedPage(inlined.page)) return null;
    const categories = isCategories(inlined.categories) ? inlined.categories : null;
    return { page: inlined.page, categories, at: Math.min(inlined.at, Date.now()) };
  } catch {
    return null;
  }
};
