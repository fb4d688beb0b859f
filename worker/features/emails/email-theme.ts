import type { CSSProperties } from "react";

/** The app's colours (web/src/styles.css: brand is Tailwind's green, the greys are slate). */
export const COLOURS = {
  brand: "#15803d", // brand-700: the app's primary buttons and the wordmark's "streak"
  mark: "#16a34a", // brand-600: the favicon's square
  note: "#f0fdf4", // brand-50
  page: "#f1f5f9", // slate-100
  card: "#ffffff",
  border: "#e2e8f0", // slate-200
  ink: "#0f172a", // slate-900
  muted: "#64748b", // slate-500
};

/**
 * Inline styles draw the light email, which every client shows; a client that reads <style> swaps in the app's dark
 * colours (slate-950 page, slate-900 card, brand-500 accents) when its reader chose dark, and narrower margins and a
 * full-width button on a phone. The brand button reads the same on both.
 */
export const STYLESHEET = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .ps-page { background-color: #020617 !important; }
  .ps-card { background-color: #0f172a !important; border-color: #1e293b !important; }
  .ps-ink { color: #f1f5f9 !important; }
  .ps-muted { color: #94a3b8 !important; }
  .ps-accent { color: #22c55e !important; }
  .ps-link { color: #4ade80 !important; }
  .ps-note { background-color: #052e16 !important; border-color: #22c55e !important; color: #f1f5f9 !important; }
}
@media only screen and (max-width: 600px) {
  .ps-card-cell { padding: 24px 20px 8px !important; }
  .ps-button { display: block !important; text-align: center !important; }
}
`;

export const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const textStyle: CSSProperties = {
  color: COLOURS.ink,
  fontSize: "16px",
  lineHeight: "26px",
  margin: "0 0 16px",
};
export const smallStyle: CSSProperties = { ...textStyle, color: COLOURS.muted, fontSize: "14px", lineHeight: "22px" };
export const linkStyle: CSSProperties = { color: COLOURS.brand, textDecoration: "underline" };
