export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = "ui-theme";
export const DEFAULT_THEME: Theme = "light";

/**
 * The header's background in each theme (white, slate-950): the browser's theme colour and an installed app's title
 * bar. web/public/manifest.webmanifest names the light one, web/public/theme-init.js both.
 */
export const THEME_COLORS = { light: "#ffffff", dark: "#020617" } as const;

export const parseTheme = (value: string | null | undefined): Theme =>
  THEMES.includes(value as Theme) ? (value as Theme) : DEFAULT_THEME;

export const resolveTheme = (theme: Theme, prefersDark: boolean): "light" | "dark" =>
  theme === "system" ? (prefersDark ? "dark" : "light") : theme;

export const readStoredTheme = (): Theme => {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
};

export const storeTheme = (theme: Theme) => {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the choice still applies for this visit.
  }
};

const prefersDarkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

/** What the browser draws around the page in a theme: its theme colour and the iOS status bar's style. */
export const themeChrome = (resolved: "light" | "dark") => ({
  themeColor: THEME_COLORS[resolved],
  statusBarStyle: resolved === "dark" ? "black-translucent" : "default",
});

/** Applies the theme to the page, the browser's theme colour and the iOS status bar. */
export const applyTheme = (theme: Theme) => {
  const resolved = resolveTheme(theme, prefersDarkQuery().matches);
  const chrome = themeChrome(resolved);
  document.documentElement.classList.toggle("dark", resolved === "dark");
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", chrome.themeColor);
  document
    .querySelector('meta[name="apple-mobile-web-app-status-bar-style"]')
    ?.setAttribute("content", chrome.statusBarStyle);
};

export const watchSystemTheme = (onChange: () => void) => {
  const query = prefersDarkQuery();
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
