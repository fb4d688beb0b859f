import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { WARMED_AT_START } from "./web/src/lib/constants";
import { ROUTE_CODE_ELEMENT_ID, type RouteCodeMap } from "./web/src/lib/route-code-map";

/**
 * Every country's flag as our own static asset (/flags/xx.svg), from country-flag-icons: emoji flags are empty boxes
 * on Windows and on systems without an emoji font. The few drawn for us in web/public/flags win.
 */
const countryFlags = (): Plugin => ({
  name: "country-flags",
  apply: "build",
  generateBundle() {
    const source = "node_modules/country-flag-icons/3x2";
    for (const file of readdirSync(source).filter((name) => name.endsWith(".svg"))) {
      const fileName = `flags/${file.toLowerCase()}`;
      if (existsSync(`web/public/${fileName}`)) continue;
      this.emitFile({ type: "asset", fileName, source: readFileSync(`${source}/${file}`) });
    }
  },
});

/**
 * Links in index.html that preload the chunk of a module the entry imports lazily (web/src/main.tsx), and the chunks it
 * imports: it downloads beside the entry, and is evaluated only when imported, in a task of its own. A build without
 * that chunk fails.
 */
const preloadLazyModule = (moduleFile: string): Plugin => ({
  name: "preload-lazy-module",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (_html, { bundle }) => {
      const outputs = Object.values(bundle ?? {});
      const chunk = outputs.find(
        (output): output is Rollup.OutputChunk =>
          output.type === "chunk" && output.isDynamicEntry && output.moduleIds.some((id) => id.endsWith(moduleFile)),
      );
      if (!chunk) throw new Error(`No chunk of its own for ${moduleFile}: is it still imported lazily?`);
      // The chunks it imports in turn, but for the entry, would otherwise be found only once it has downloaded.
      const entries = new Set(
        outputs.flatMap((output) => (output.type === "chunk" && output.isEntry ? [output.fileName] : [])),
      );
      return [chunk.fileName, ...chunk.imports.filter((file) => !entries.has(file))].map((file) => ({
        tag: "link",
        attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
        injectTo: "head" as const,
      }));
    },
  },
});

/**
 * The files of each route warmed at start-up (web/src/lib/route-code.ts), as JSON in index.html: its own chunks (the
 * ones TanStack Router's code splitting makes of web/src/routes/<route>.tsx) and every chunk they import but the
 * entry, which the page already has. A build where such a route has no chunk of its own fails.
 */
const routeCodeMap = (routes: readonly string[]): Plugin => ({
  name: "route-code-map",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (_html, { bundle }) => {
      const chunks = Object.values(bundle ?? {}).filter(
        (output): output is Rollup.OutputChunk => output.type === "chunk",
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const collect = (file: string, files: Set<string>) => {
        const chunk = byFile.get(file);
        if (!chunk || chunk.isEntry || files.has(file)) return;
        files.add(file);
        for (const imported of chunk.imports) collect(imported, files);
      };
      const map: RouteCodeMap = {};
      for (const route of routes) {
        const own = chunks.filter(
          (chunk) => chunk.isDynamicEntry && chunk.moduleIds.some((id) => id.includes(`/web/src/routes${route}.tsx?`)),
        );
        if (own.length === 0) throw new Error(`No chunk of its own for the route ${route}: is it still split?`);
        const files = new Set<string>();
        for (const chunk of own) collect(chunk.fileName, files);
        map[route] = [...files].map((file) => `/${file}`);
      }
      return [
        {
          tag: "script",
          attrs: { type: "application/json", id: ROUTE_CODE_ELEMENT_ID },
          children: JSON.stringify(map),
          injectTo: "head" as const,
        },
      ];
    },
  },
});

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
    countryFlags(),
    preloadLazyModule("/node_modules/react-dom/client.js"),
    routeCodeMap(WARMED_AT_START),
    // Our own worker (web/src/sw.ts, built to /sw.js), given the list of the build's files to precache. The manifest
    // is a plain file in web/public and the page registers the worker itself (web/src/features/pwa/service-worker.ts).
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      manifest: false,
      injectRegister: false,
      injectManifest: {
        rollupFormat: "iife",
        // The app's code, styles and page, and what an installed app shows before any of it runs. Not the ~250 flags
        // nor the sample images, which the browser's own cache keeps once seen.
        globPatterns: [
          "index.html",
          "assets/**/*.{js,css}",
          "theme-init.js",
          "early-taps.js",
          "favicon.svg",
          "manifest.webmanifest",
          "icons/*.png",
        ],
      },
    }),
  ],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // Terser packs the code about 2% tighter than esbuild's minifier (6 kB gzip over every route), for a few seconds
    // more of build: the bundle budgets (bench/lib/bundle-budget.ts) are met on what players download.
    minify: "terser",
  },
  server: {
    proxy: { "/api": "http://localhost:8787" },
  },
});
