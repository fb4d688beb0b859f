import type { AnyRouter } from "@tanstack/react-router";
import { describe, expect, it, vi } from "vitest";
import { warmRouteCode } from "./route-code";
import { ROUTE_CODE_ELEMENT_ID, readRouteCodeMap } from "./route-code-map";

type Link = { rel: string; href: string; crossOrigin: string | null };

/** A document with the build's map as `text` (none when null) and a head that keeps the links appended to it. */
const pageWith = (text: string | null) => {
  const links: Link[] = [];
  return {
    links,
    getElementById: (id: string) =>
      id === ROUTE_CODE_ELEMENT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
    createElement: () => ({ rel: "", href: "", crossOrigin: null }) as Link,
    head: {
      querySelector: (selector: string) =>
        links.find((link) => selector === `link[rel="${link.rel}"][href="${link.href}"]`) ?? null,
      append: (link: Link) => links.push(link),
    },
  };
};

const MAP = {
  "/leaderboard": ["/assets/leaderboard-a.js", "/assets/dialog-b.js"],
  "/picks": ["/assets/picks-c.js", "/assets/dialog-b.js"],
};

/** A router whose route code, if asked for, is loaded as a visit would (the dev server's way). */
const routerLoadingChunks = () => {
  const loadRouteChunk = vi.fn(() => Promise.resolve());
  const route = { id: "/leaderboard" };
  const router = {
    buildLocation: ({ to }: { to: string }) => ({ pathname: to }),
    matchRoutes: () => [{ routeId: route.id }],
    routesById: { [route.id]: route },
    loadRouteChunk,
  } as unknown as AnyRouter;
  return { router, loadRouteChunk };
};

describe("warming a route's code at start-up", () => {
  it("downloads the route's files with modulepreload links and runs none of its code", () => {
    const page = pageWith(JSON.stringify(MAP));
    const { router, loadRouteChunk } = routerLoadingChunks();
    warmRouteCode(router, "/leaderboard", readRouteCodeMap(page), page as unknown as Document);
    expect(page.links).toEqual([
      { rel: "modulepreload", href: "/assets/leaderboard-a.js", crossOrigin: "" },
      { rel: "modulepreload", href: "/assets/dialog-b.js", crossOrigin: "" },
    ]);
    expect(loadRouteChunk).not.toHaveBeenCalled();
  });

  it("links a file that two routes share once", () => {
    const page = pageWith(JSON.stringify(MAP));
    const { router } = routerLoadingChunks();
    warmRouteCode(router, "/leaderboard", readRouteCodeMap(page), page as unknown as Document);
    warmRouteCode(router, "/picks", readRouteCodeMap(page), page as unknown as Document);
    expect(page.links.map((link) => link.href)).toEqual([
      "/assets/leaderboard-a.js",
      "/assets/dialog-b.js",
      "/assets/picks-c.js",
    ]);
  });

  it("loads the code as a visit would where index.html has no map (the dev server)", () => {
    const page = pageWith(null);
    const { router, loadRouteChunk } = routerLoadingChunks();
    warmRouteCode(router, "/leaderboard", readRouteCodeMap(page), page as unknown as Document);
    expect(page.links).toEqual([]);
    expect(loadRouteChunk).toHaveBeenCalledTimes(1);
  });
});

describe("the build's map of route code", () => {
  it("reads the map index.html carries", () => {
    expect(readRouteCodeMap(pageWith(JSON.stringify(MAP)))).toEqual(MAP);
  });

  it("takes no file from outside the build's assets, nor a map it cannot read", () => {
    expect(readRouteCodeMap(pageWith(JSON.stringify({ "/picks": ["https://elsewhere.example/x.js"] })))).toBeNull();
    expect(readRouteCodeMap(pageWith(JSON.stringify({ "/picks": "/assets/picks-c.js" })))).toBeNull();
    expect(readRouteCodeMap(pageWith(JSON.stringify(["/assets/picks-c.js"])))).toBeNull();
    expect(readRouteCodeMap(pageWith("{not json"))).toBeNull();
    expect(readRouteCodeMap(pageWith(null))).toBeNull();
  });
});
