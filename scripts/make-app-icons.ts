/**
 * Draws the installed app's icons (web/public/icons/*.png) from the favicon's mark: a white check on the brand green.
 * The PNGs are committed; run `npx tsx scripts/make-app-icons.ts` again after changing the mark or the colour.
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const BRAND = "#16a34a";
const OUT_DIR = "web/public/icons";

/** The favicon's check, in its 32-unit box, centred on (16, 16). */
const CHECK = "M9 17l5 5 9-12";
const CHECK_STROKE = 3.5;

/** The check scaled by `scale` about the centre of a 32-unit canvas. */
const check = (scale: number, colour: string) =>
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)"><path d="${CHECK}" fill="none" stroke="${colour}" stroke-width="${CHECK_STROKE}" stroke-linecap="round" stroke-linejoin="round"/></g>`;

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;

/**
 * - any: the favicon itself, a rounded tile with see-through corners.
 * - maskable: full bleed, since the launcher cuts its own shape; the check reaches about 9 of 32 units from the
 *   centre (28% of the side), inside the 40% radius that every mask keeps.
 * - apple: full bleed and opaque, as iOS rounds the corners itself and fills transparency with black.
 * - badge: the check alone in white; Android draws only the badge's alpha channel in the status bar.
 */
const DRAWINGS = {
  any: svg(`<rect width="32" height="32" rx="8" fill="${BRAND}"/>${check(1, "#fff")}`),
  maskable: svg(`<rect width="32" height="32" fill="${BRAND}"/>${check(0.8, "#fff")}`),
  apple: svg(`<rect width="32" height="32" fill="${BRAND}"/>${check(0.9, "#fff")}`),
  badge: svg(check(1.25, "#fff")),
} as const;

const ICONS: { file: string; drawing: keyof typeof DRAWINGS; size: number }[] = [
  { file: "icon-192.png", drawing: "any", size: 192 },
  { file: "icon-512.png", drawing: "any", size: 512 },
  { file: "maskable-192.png", drawing: "maskable", size: 192 },
  { file: "maskable-512.png", drawing: "maskable", size: 512 },
  { file: "apple-touch-icon.png", drawing: "apple", size: 180 },
  { file: "badge-96.png", drawing: "badge", size: 96 },
];

const require = createRequire(import.meta.url);
await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
mkdirSync(OUT_DIR, { recursive: true });
for (const { file, drawing, size } of ICONS) {
  const resvg = new Resvg(DRAWINGS[drawing], { fitTo: { mode: "width", value: size } });
  const image = resvg.render();
  writeFileSync(`${OUT_DIR}/${file}`, image.asPng());
  image.free();
  resvg.free();
  console.log(`${OUT_DIR}/${file} (${size} px)`);
}
