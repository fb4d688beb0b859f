/**
 * The web size budgets (issue 11) and how they are measured, shared by `npm run bench` and the
 * web/src/bundle-budget.test.ts check in `npm test`. No Node APIs here: the web project typechecks this file.
 * Sizes are gzip bytes; budgets are in kB of 1,000 bytes, as Vite prints them.
 */

export const WEB_BUDGETS_KB = { initialJs: 170, allJs: 300, css: 25, serviceWorker: 15, errorReporter: 32 } as const;

/** The service worker (web/src/sw.ts): fetched once per deploy in the background, never by the page itself. */
const SERVICE_WORKER = "sw.js";

/**
 * Sentry's browser SDK (web/src/lib/error-reporter.ts): fetched only by a deployment with error reports on, once the
 * first view is shown. It has its own budget rather than a share of the app's.
 */
const ERROR_REPORTER = /^assets\/error-reporter-[\w-]+\.js$/;

/** Paths relative to dist/client ("index.html", "assets/index-abc.js") mapped to their text. */
export type BuiltFiles = Record<string, string>;

export type SizedGroup = { files: string[]; gzipBytes: number; budgetKb: number; met: boolean };
export type BundleReport = {
  initialJs: SizedGroup;
  allJs: SizedGroup;
  css: SizedGroup;
  serviceWorker: SizedGroup;
  errorReporter: SizedGroup;
};

export const gzipSize = async (text: string): Promise<number> => {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
};

/** Static `import ... from "./x.js"` and `import "./x.js"` of a built chunk; `import("./x.js")` is lazy and left out. */
const STATIC_IMPORT = /\bimport\s*(?:[^"'();]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;
const HTML_SCRIPT = /<script\b[^>]*\bsrc="\/([^"]+\.js)"/g;
const HTML_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+\.js)"/g;
/** TanStack Router's automatic code splitting would name the /home route's chunk after routes/home.tsx. */
const HOME_CHUNK = /^assets\/home-[\w-]+\.js$/;

/** The /home route's own chunk, if it has one: its code is meant to come with the entry (routes/home.tsx). */
export const homeRouteChunks = (files: BuiltFiles): string[] =>
  Object.keys(files).filter((path) => HOME_CHUNK.test(path));

const withStaticImports = (files: BuiltFiles, roots: string[]): string[] => {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || files[path] === undefined) return;
    seen.add(path);
    const dir = path.slice(0, path.lastIndexOf("/") + 1);
    for (const match of files[path].matchAll(STATIC_IMPORT)) visit(`${dir}${match[1]}`);
  };
  roots.forEach(visit);
  return [...seen].sort();
};

/** The scripts index.html loads, their static imports, and a home route chunk (if split off) with its static imports. */
export const initialFilesForHome = (files: BuiltFiles): string[] => {
  const html = files["index.html"];
  if (html === undefined) throw new Error("dist/client/index.html is missing: run `npm run build` first");
  const fromHtml = [...html.matchAll(HTML_SCRIPT), ...html.matchAll(HTML_PRELOAD)].map((match) => match[1] ?? "");
  return withStaticImports(files, [...fromHtml, ...homeRouteChunks(files)]);
};

const sized = async (files: BuiltFiles, paths: string[], budgetKb: number): Promise<SizedGroup> => {
  const sizes = await Promise.all(paths.map((path) => gzipSize(files[path] ?? "")));
  const gzipBytes = sizes.reduce((sum, size) => sum + size, 0);
  return { files: paths, gzipBytes, budgetKb, met: gzipBytes <= budgetKb * 1000 };
};

export const measureBundle = async (files: BuiltFiles): Promise<BundleReport> => {
  const paths = Object.keys(files).sort();
  return {
    initialJs: await sized(files, initialFilesForHome(files), WEB_BUDGETS_KB.initialJs),
    allJs: await sized(
      files,
      paths.filter((path) => path.endsWith(".js") && path !== SERVICE_WORKER && !ERROR_REPORTER.test(path)),
      WEB_BUDGETS_KB.allJs,
    ),
    css: await sized(
      files,
      paths.filter((path) => path.endsWith(".css")),
      WEB_BUDGETS_KB.css,
    ),
    serviceWorker: await sized(
      files,
      paths.filter((path) => path === SERVICE_WORKER),
      WEB_BUDGETS_KB.serviceWorker,
    ),
    errorReporter: await sized(
      files,
      paths.filter((path) => ERROR_REPORTER.test(path)),
      WEB_BUDGETS_KB.errorReporter,
    ),
  };
};
