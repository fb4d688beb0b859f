import { afterEach, describe, expect, it, vi } from "vitest";
import manifestText from "../../public/manifest.webmanifest?raw";
import themeInit from "../../public/theme-init.js?raw";
import { applyTheme, parseTheme, resolveTheme, THEME_COLORS, themeChrome } from "./theme";

/** Just enough of a page for applyTheme: the root element's classes and the two meta tags it rewrites. */
const fakePage = (prefersDark: boolean) => {
  const metas = new Map([
    ['meta[name="theme-color"]', "#ffffff"],
    ['meta[name="apple-mobile-web-app-status-bar-style"]', "default"],
  ]);
  const classes = new Set<string>();
  vi.stubGlobal("window", { matchMedia: () => ({ matches: prefersDark }) });
  vi.stubGlobal("document", {
    documentElement: {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    },
    querySelector: (selector: string) =>
      metas.has(selector) ? { setAttribute: (_name: string, value: string) => metas.set(selector, value) } : null,
  });
  return {
    dark: () => classes.has("dark"),
    themeColor: () => metas.get('meta[name="theme-color"]'),
    statusBar: () => metas.get('meta[name="apple-mobile-web-app-status-bar-style"]'),
  };
};

describe("theme", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("defaults to light for a missing or unknown stored value", () => {
    expect(parseTheme(null)).toBe("light");
    expect(parseTheme("purple")).toBe("light");
    expect(parseTheme("dark")).toBe("dark");
    expect(parseTheme("system")).toBe("system");
  });

  it("resolves system from the device preference", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
  });

  it("gives the browser's theme colour and the iOS status bar the header's colour in each theme", () => {
    expect(themeChrome("light")).toEqual({ themeColor: "#ffffff", statusBarStyle: "default" });
    expect(themeChrome("dark")).toEqual({ themeColor: "#020617", statusBarStyle: "black-translucent" });
  });

  it("moves the theme colour with the theme at run time, Auto following the device", () => {
    const page = fakePage(true);
    applyTheme("dark");
    expect([page.dark(), page.themeColor(), page.statusBar()]).toEqual([true, THEME_COLORS.dark, "black-translucent"]);
    applyTheme("light");
    expect([page.dark(), page.themeColor(), page.statusBar()]).toEqual([false, THEME_COLORS.light, "default"]);
    applyTheme("system");
    expect(page.themeColor()).toBe(THEME_COLORS.dark);
  });

  it("keeps the manifest on the light colour and the first-paint script on the dark one", () => {
    const manifest = JSON.parse(manifestText) as { theme_color: string; background_color: string };
    expect(manifest.theme_color).toBe(THEME_COLORS.light);
    expect(manifest.background_color).toBe(THEME_COLORS.light);
    expect(themeInit).toContain(`"${THEME_COLORS.dark}"`);
  });
});
