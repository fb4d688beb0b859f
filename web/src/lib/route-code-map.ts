/** The element of the built index.html naming the files of each route's code warmed at start-up (vite.config.ts). */
export const ROUTE_CODE_ELEMENT_ID = "route-code";

/** Route path to the files of its code, the route's own chunk first; only the build's own assets. */
export type RouteCodeMap = Record<string, string[]>;

const isRouteCodeMap = (value: unknown): value is RouteCodeMap =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(
    (files) => Array.isArray(files) && files.every((file) => typeof file === "string" && file.startsWith("/assets/")),
  );

/** The build's map; null under the dev server, whose index.html has none, or when it cannot be read. */
export const readRouteCodeMap = (page: Pick<Document, "getElementById">): RouteCodeMap | null => {
  const text = page.getElementById(ROUTE_CODE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRouteCodeMap(parsed) ? parsed : null;
  } catch {
    return null;
  }
};
