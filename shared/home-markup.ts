/**
 * The worker draws a visitor's first view of /home with the app's own components (web/src/ssr/home-markup.tsx), so
 * a phone paints the feed's first cards before the app's code has loaded (docs/decisions/0028-first-feed-in-html.md).
 * The worker reaches that module through `#web/home-markup`, whose type is this one (shared/home-markup-module.d.ts):
 * the worker's type check never reads the browser's code, which needs the DOM's types.
 */
export type HomeMarkupInput = {
  /** The page's URL, as the browser asked for it (its query string is the route's search). */
  url: string;
  /** The worker's guess of a phone from the request's headers: the default sort and the layout depend on it. */
  mobile: boolean;
  /** The request's Cookie header: without the signed-in hint the app knows a visitor before its first render. */
  cookies: string;
  /** The text of the page's first-feed element (shared/first-feed.ts), the page of the feed the app starts with. */
  firstFeed: string;
};

/**
 * The app's first render of that page: `root` for inside its root element, `hints` the resource hints React lifted
 * out of it (its pictures' preloads) for the page's head. Null when the page of the feed is not the one the app
 * starts with.
 */
export type HomeMarkup = { hints: string; root: string };

export type RenderHomeMarkup = (input: HomeMarkupInput) => Promise<HomeMarkup | null>;
