import { describe, expect, it } from "vitest";
import { homeRouteChunks, measureBundle, type BuiltFiles, type SizedGroup } from "../../bench/lib/bundle-budget";
import { WARMED_AT_START } from "./lib/constants";
import { ROUTE_CODE_ELEMENT_ID, readRouteCodeMap } from "./lib/route-code-map";

// The build output as text, read at transform time; `npm test` builds before vitest runs (scripts/test-all.sh).
const built = import.meta.glob(
  ["../../dist/client/**/*.js", "../../dist/client/**/*.css", "../../dist/client/index.html"],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
) as Record<string, string>;

const files: BuiltFiles = Object.fromEntries(
  Object.entries(built).map(([path, text]) => [path.replace("../../dist/client/", ""), text]),
);

const describeGroup = (group: SizedGroup) =>
  `${(group.gzipBytes / 1000).toFixed(1)} kB gzip (budget ${group.budgetKb} kB) in ${group.files.length} files: ${group.files.join(", ")}`;

describe("web bundle budgets (issue 11)", () => {
  it("has a build to measure", () => {
    expect(
      files["index.html"],
      "dist/client is missing or empty: run `npm run build` before the web tests",
    ).toBeDefined();
  });

  it.runIf(files["index.html"] !== undefined)(
    "brings the feed's code with the entry, so its first render paints cards",
    () => {
      expect(homeRouteChunks(files)).toEqual([]);
    },
  );

  it.runIf(files["index.html"] !== undefined)(
    "names the files of each route warmed at start-up, which all exist, and not the entry",
    () => {
      const html = files["index.html"] ?? "";
      const element = new RegExp(`<script type="application/json" id="${ROUTE_CODE_ELEMENT_ID}">([^<]*)</script>`).exec(
        html,
      );
      const map = readRouteCodeMap({ getElementById: () => ({ textContent: element?.[1] ?? null }) as HTMLElement });
      expect(Object.keys(map ?? {})).toEqual([...WARMED_AT_START]);
      const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
      for (const [route, routeFiles] of Object.entries(map ?? {})) {
        expect(routeFiles[0], route).toMatch(new RegExp(`^/assets/${route.slice(1)}-[\\w-]+\\.js$`));
        expect(
          routeFiles.filter((file) => files[file.slice(1)] === undefined),
          route,
        ).toEqual([]);
        expect(routeFiles, route).not.toContain(entry);
      }
    },
  );

  it.runIf(files["index.html"] !== undefined)("stays within the gzip budgets", async () => {
    const report = await measureBundle(files);
    expect(report.initialJs.met, `initial JS for /home: ${describeGroup(report.initialJs)}`).toBe(true);
    expect(report.allJs.met, `all JS: ${describeGroup(report.allJs)}`).toBe(true);
    expect(report.errorReporter.met, `error reporter: ${describeGroup(report.errorReporter)}`).toBe(true);
    expect(report.errorReporter.files, "the error reporter is a chunk of its own").toHaveLength(1);
    expect(report.css.met, `CSS: ${describeGroup(report.css)}`).toBe(true);
    expect(report.serviceWorker.files, "dist/client/sw.js").toEqual(["sw.js"]);
    expect(report.serviceWorker.met, `service worker: ${describeGroup(report.serviceWorker)}`).toBe(true);
  });
});
