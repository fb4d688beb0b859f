/** UI timings and sizes, in one place. */
export const MOBILE_BREAKPOINT_PX = 768;
export const TOAST_DURATION_MS = 5750;
export const LOADING_BAR_MIN_MS = 200;
export const LOADING_BAR_AUTO_HIDE_MS = 3000;
export const LOADING_BAR_SETTLE_MS = 50;
export const PREFETCH_STEP_MS = 100;
export const AUTH_LOADING_THRESHOLD_MS = 1500;
export const FOOTER_REVEAL_SCROLL_PX = 50;
export const CONTACT_SENT_CLOSE_MS = 2000;
export const CLAIM_MODAL_DELAY_MS = 3000;
export const CLAIM_MODAL_SUPPRESS_MS = 24 * 60 * 60 * 1000;

/** Routes prefetched on hover, touch or focus; the first four are also warmed at start-up. */
export const PREFETCHED_ROUTES = [
  "/leaderboard",
  "/activity",
  "/rewards",
  "/picks",
  "/admin",
  "/profile",
  "/auth",
] as const;
export const WARMED_AT_START = PREFETCHED_ROUTES.slice(0, 4);

export const SOCIAL_LINKS = [
  { label: "X", href: "https://x.com/pickstreak" },
  { label: "Instagram", href: "https://instagram.com/pickstreak" },
  { label: "TikTok", href: "https://tiktok.com/@pickstreak" },
  { label: "Discord", href: "https://discord.gg/pickstreak" },
] as const;
