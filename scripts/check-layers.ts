import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The worker's dependencies point one way: the entry (index.ts, app.ts, cron/) uses features; features use realtime/
 * and db/; realtime/ and db/ use lib/; everything may use shared/ and env.ts (the typed environment and request
 * context). Nothing below features imports one, lib/ imports nothing of db/, and no two features import each other.
 * Tests are exempt: they drive whatever they check.
 */

const ROOT = resolve(import.meta.dirname, "..");
const WORKER = join(ROOT, "worker");

type Layer = "entry" | "feature" | "realtime" | "db" | "lib" | "env" | "shared" | "test" | "other";

const layerOf = (file: string): { layer: Layer; feature?: string } => {
  const path = relative(ROOT, file);
  if (path.startsWith("worker/test/") || path.endsWith(".test.ts")) return { layer: "test" };
  if (path.startsWith("shared/")) return { layer: "shared" };
  const [, top, name] = path.split("/");
  if (top === "features") return { layer: "feature", feature: name };
  if (top === "realtime" || top === "db" || top === "lib") return { layer: top };
  // The product's numbers sit with lib/; the typed environment names the request's context, so it may know db/'s types.
  if (top === "config.ts") return { layer: "lib" };
  if (top === "env.ts") return { layer: "env" };
  return { layer: "entry" };
};

/** What each layer may import, besides itself and shared/. */
const ALLOWED: Record<Layer, Layer[]> = {
  entry: ["feature", "realtime", "db", "lib"],
  feature: ["feature", "realtime", "db", "lib"],
  realtime: ["db", "lib"],
  db: ["lib"],
  lib: [],
  env: ["db", "lib"],
  shared: [],
  test: ["entry", "feature", "realtime", "db", "lib", "test", "other"],
  other: [],
};

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/g;

const resolveImport = (from: string, specifier: string) => {
  if (specifier.startsWith("#shared/")) return join(ROOT, "shared", `${specifier.slice("#shared/".length)}.ts`);
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  return /\.tsx?$/.test(base) ? base : `${base}.ts`;
};

const problems: string[] = [];
const featureEdges = new Map<string, Set<string>>();

for (const file of sources(WORKER)) {
  const from = layerOf(file);
  for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const target = resolveImport(file, match[1]!);
    if (!target) continue;
    const to = layerOf(target);
    const where = `${relative(ROOT, file)} imports ${relative(ROOT, target)}`;
    if (to.layer === "shared" || to.layer === "env" || from.layer === to.layer) {
      if (from.feature && to.feature && from.feature !== to.feature) {
        featureEdges.set(from.feature, (featureEdges.get(from.feature) ?? new Set()).add(to.feature));
      }
      continue;
    }
    if (!ALLOWED[from.layer].includes(to.layer)) problems.push(`${where}: ${from.layer} may not import ${to.layer}`);
  }
}

for (const [feature, imports] of featureEdges) {
  for (const other of imports) {
    if (feature < other && featureEdges.get(other)?.has(feature))
      problems.push(`features ${feature} and ${other} import each other`);
  }
}

if (problems.length > 0) {
  console.error(
    `Layer rules broken (scripts/check-layers.ts):\n${problems.map((problem) => `  ${problem}`).join("\n")}`,
  );
  process.exit(1);
}
