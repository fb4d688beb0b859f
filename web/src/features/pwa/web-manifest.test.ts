import { describe, expect, it } from "vitest";
import indexHtml from "../../../index.html?raw";
import manifestText from "../../../public/manifest.webmanifest?raw";

type Icon = { src: string; sizes: string; type: string; purpose: string };
type Manifest = Record<string, unknown> & { icons: Icon[] };

const manifest = JSON.parse(manifestText) as Manifest;
// The committed icons as data URLs (scripts/make-app-icons.ts draws them).
const icons = import.meta.glob<string>("../../../public/icons/*.png", {
  query: "?inline",
  import: "default",
  eager: true,
});

/** Width and height from a PNG's header (the IHDR chunk, right after the 8-byte signature). */
const pngSize = (dataUrl: string) => {
  const bytes = Uint8Array.from(atob(dataUrl.split(",")[1] ?? ""), (char) => char.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
};
const iconFile = (src: string) => icons[`../../../public${src}`];

describe("the web app manifest", () => {
  it("opens the feed full screen as Pickstreak", () => {
    expect(manifest).toMatchObject({
      name: "Pickstreak",
      short_name: "Pickstreak",
      start_url: "/home",
      scope: "/",
      display: "standalone",
    });
    expect(manifest.description).toEqual(expect.any(String));
  });

  it("has 192 and 512 px icons for any use and as maskable, each a PNG of its stated size", () => {
    const kinds = manifest.icons.map((icon) => `${icon.purpose} ${icon.sizes}`).sort();
    expect(kinds).toEqual(["any 192x192", "any 512x512", "maskable 192x192", "maskable 512x512"]);
    for (const icon of manifest.icons) {
      const file = iconFile(icon.src);
      expect(file, icon.src).toBeDefined();
      expect(icon.type).toBe("image/png");
      expect(pngSize(file ?? ""), icon.src).toBe(icon.sizes);
    }
  });

  it("is linked from the page with the iOS icon and home screen tags", () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(indexHtml).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    expect(indexHtml).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
    expect(pngSize(iconFile("/icons/apple-touch-icon.png") ?? "")).toBe("180x180");
  });
});
