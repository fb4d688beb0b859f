import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
/** A phone's user agent: the worker draws a visitor's /home for the screen the user agent names. */
export const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0 Mobile Safari/537.36";
/** Both screen sizes, for a journey run on each: `it.each(SIZES)("... (%s)", async (_size, viewport) => ...)`. */
export const SIZES = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

/**
 * Chromium features off in every journey's browser. Chromium keeps only the last --disable-features it is given, so
 * this starts with Playwright's own list (which it would otherwise drop; chromium-flags.e2e.test.ts fails when
 * Playwright's list gains a name this one lacks), then ours: the omnibox popups, which headless Chromium preloads in a
 * renderer of their own in every browser, about a fifth of the browser's CPU over a journey file.
 */
export const DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];

/** Debian's Chromium, headless, offline: nothing it would fetch or update on its own. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
];

export const chromePath = () => {
  const path = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) throw new Error(`No Chromium at ${path}. Install it with: apt-get install -y chromium`);
  return path;
};

/** Waits until React has rendered the element `selector` finds: an element React made or took over holds its fiber. */
export const waitForReactAt = (page: Page, selector: string) =>
  page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  }, selector);

/** Resolves once the page's live socket is open, so an event published from now on reaches it. */
export const liveSocketOpen = (page: Page) => page.locator("html[data-live=open]").waitFor({ state: "attached" });

/** One headless Chromium per test file; each test opens its own isolated contexts, all closed when it ends. */
export const useBrowser = () => {
  let browser: Browser;
  const opened: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromePath(), args: CHROMIUM_ARGS });
  });
  // Closing twice is harmless, so a journey may close its own contexts early; a failed one leaves none behind.
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const baseUrl = inject("baseUrl");

  return {
    baseUrl,
    /**
     * A fresh context (cookies, storage) with the given viewport, closed after the test.
     * The visitor sign-up offer and the daily credits sheet are pre-dismissed unless a test is about them, so it never covers other journeys, and the
     * service worker is blocked unless the test asks for it. A phone-sized context sends a phone's user agent, as a
     * phone does, unless the test names another. `baseUrl` points the context at a front of the app instead of the app.
     */
    async open(
      viewport: { width: number; height: number } = DESKTOP,
      {
        showOffers = false,
        serviceWorker = false,
        userAgent,
        baseUrl: contextBaseUrl = baseUrl,
      }: { showOffers?: boolean; serviceWorker?: boolean; userAgent?: string; baseUrl?: string } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      // A fresh context would install the service worker and precache the whole build beside every journey; only the
      // installable app's journey is about it.
      const serviceWorkers = serviceWorker ? "allow" : "block";
      const phone = viewport.width < 768;
      const context = await browser.newContext({
        viewport,
        baseURL: contextBaseUrl,
        hasTouch: phone,
        serviceWorkers,
        userAgent: userAgent ?? (phone ? PHONE_USER_AGENT : undefined),
      });
      opened.push(context);
      if (!showOffers) {
        await context.addInitScript(() => {
          localStorage.setItem("claim-modal-dismissed-at", String(Date.now()));
          localStorage.setItem("daily-credits-offered-on", new Date().toDateString());
        });
      }
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      // A navigation loads the whole code-split app, which on a busy two-core machine can take longer than one action.
      page.setDefaultNavigationTimeout(30_000);
      return { context, page };
    },
  };
};
