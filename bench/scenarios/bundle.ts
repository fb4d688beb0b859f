import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { measureBundle, type BuiltFiles, type SizedGroup } from "../lib/bundle-budget";
import { verdict, type ScenarioResult } from "../lib/results";

const DIST = "dist/client";

const readBuilt = (): BuiltFiles => {
  const files: BuiltFiles = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(js|css)$/.test(entry.name) || path === join(DIST, "index.html"))
        files[relative(DIST, path)] = readFileSync(path, "utf8");
    }
  };
  walk(DIST);
  return files;
};

const row = (id: string, title: string, group: SizedGroup): ScenarioResult => ({
  id,
  title,
  figures: { gzipKb: Math.round(group.gzipBytes / 100) / 10, files: group.files.length },
  budget: `<= ${group.budgetKb} kB gzip`,
  verdict: verdict(group.met),
  runs: group.files,
});

/** The same measurement as web/src/bundle-budget.test.ts, on the build this bench made. */
export const bundleSizes = async (): Promise<ScenarioResult[]> => {
  const report = await measureBundle(readBuilt());
  return [
    row(
      "web:initial-js",
      "Web: initial JS for /home (index.html's scripts, the home route chunk, their static imports)",
      report.initialJs,
    ),
    row(
      "web:all-js",
      "Web: all JS, every route and lazy chunk (the service worker and the error reporter apart)",
      report.allJs,
    ),
    row("web:css", "Web: CSS", report.css),
    row("web:service-worker", "Web: the service worker (precaching, offline page, push)", report.serviceWorker),
    row(
      "web:error-reporter",
      "Web: Sentry's browser SDK, loaded after the first view when reports are on",
      report.errorReporter,
    ),
  ];
};
