import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";

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
  ],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { "/api": "http://localhost:8787" },
  },
});
