import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FIRST_FEED_ELEMENT_ID } from "#shared/first-feed";
import { categoriesQueryOptions } from "./categories-query";
import { DEFAULT_FILTERS } from "./feed-filters";
import { feedQueryOptions, prefetchFirstFeed, type FeedPage } from "./feed-queries";
import { parseFirstFeed, readFirstFeedText } from "./first-feed";

const PAGE = { items: [{ id: "q1", title: "Will it rain?" }], nextCursor: "c1" } as unknown as FeedPage;
const CATEGORIES = { categories: [{ name: "Curling", count: 3 }], hasPlayerProps: true };

/** A document holding the worker's element with `text`, or none. */
const pageWith = (text: string | null) => ({
  getElementById: (id: string) =>
    id === FIRST_FEED_ELEMENT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
});
const inlined = (fields: Record<string, unknown>) =>
  pageWith(JSON.stringify({ sort: "newest", at: 1_000, page: PAGE, ...fields }));

const firstKey = (sort: "newest" | "popularity") =>
  feedQueryOptions({ filters: DEFAULT_FILTERS, sort, search: "", bookmarkedOnly: false, viewer: null }).queryKey;

const readFirstFeed = (page: ReturnType<typeof pageWith>, sort: string) =>
  parseFirstFeed(readFirstFeedText(page), sort);

afterEach(() => vi.unstubAllGlobals());

describe("the feed's first page from index.html", () => {
  it("reads the page of the screen's sort", () => {
    expect(readFirstFeed(inlined({}), "newest")).toEqual({ page: PAGE, categories: null, at: 1_000 });
  });

  it("reads the feed's tabs with it, when the worker read them and they are the categories' answer", () => {
    expect(readFirstFeed(inlined({ categories: CATEGORIES }), "newest")?.categories).toEqual(CATEGORIES);
    expect(readFirstFeed(inlined({ categories: { categories: "Curling" } }), "newest")).toMatchObject({
      page: PAGE,
      categories: null,
    });
  });

  it("never dates it after now, so a page from the browser's history is as old as it is", () => {
    vi.useFakeTimers({ now: 5_000 });
    expect(readFirstFeed(inlined({ at: 9_000 }), "newest")?.at).toBe(5_000);
    vi.useRealTimers();
  });

  it.each([
    ["absent", pageWith(null)],
    ["for another sort", inlined({ sort: "popularity" })],
    ["not JSON", pageWith("{")],
    ["not a feed page", inlined({ page: { items: "x" } })],
    ["without its time", inlined({ at: "now" })],
  ])("is not used when %s", (_, page) => {
    expect(readFirstFeed(page, "newest")).toBeNull();
  });

  it("seeds Home's first query and the tabs' with it instead of asking the API", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const queryClient = new QueryClient();
    expect(prefetchFirstFeed(queryClient, false, inlined({ at: 1_000, categories: CATEGORIES }))).toBe(true);
    expect(queryClient.getQueryData<InfiniteData<FeedPage>>(firstKey("newest"))).toEqual({
      pages: [PAGE],
      pageParams: [null],
    });
    expect(queryClient.getQueryState(firstKey("newest"))?.dataUpdatedAt).toBe(1_000);
    expect(queryClient.getQueryData(categoriesQueryOptions.queryKey)).toEqual(CATEGORIES);
    expect(queryClient.getQueryState(categoriesQueryOptions.queryKey)?.dataUpdatedAt).toBe(1_000);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("leaves the tabs to their own request when the page came without them", () => {
    const queryClient = new QueryClient();
    expect(prefetchFirstFeed(queryClient, false, inlined({}))).toBe(true);
    expect(queryClient.getQueryState(categoriesQueryOptions.queryKey)).toBeUndefined();
  });

  it("asks the API when the page has none for this screen", async () => {
    const fetch = vi.fn(async () => Response.json(PAGE));
    vi.stubGlobal("fetch", fetch);
    const queryClient = new QueryClient();
    expect(prefetchFirstFeed(queryClient, true, inlined({}))).toBe(false);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<InfiniteData<FeedPage>>(firstKey("popularity"))?.pages).toEqual([PAGE]),
    );
    expect(fetch).toHaveBeenCalledOnce();
    expect(new URL((fetch.mock.calls[0] as unknown as [Request])[0].url).search).toBe("?sort=popularity");
  });
});
