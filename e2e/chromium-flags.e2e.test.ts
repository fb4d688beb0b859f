import { chromium, type Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, chromePath, DISABLED_FEATURES } from "./browser";

/** Chromium tells its command line only to an automated browser: the flag changes nothing else these tests read. */
const AUTOMATED = "--enable-automation";

const commandLineOf = async (browser: Browser) => {
  const cdp = await browser.newBrowserCDPSession();
  const { arguments: args } = await cdp.send("Browser.getBrowserCommandLine");
  return args;
};

const disabledFeaturesIn = (args: string[]) =>
  args.filter((arg) => arg.startsWith("--disable-features=")).map((arg) => arg.slice("--disable-features=".length));

describe("the journeys' Chromium", () => {
  it("keeps every feature Playwright turns off, since Chromium honours only the last --disable-features", async () => {
    const browser = await chromium.launch({ executablePath: chromePath(), args: ["--no-sandbox", AUTOMATED] });
    try {
      const [playwrights] = disabledFeaturesIn(await commandLineOf(browser));
      expect(playwrights?.split(",").length).toBeGreaterThan(0);
      expect(DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights!.split(",")));
    } finally {
      await browser.close();
    }
  });

  it("runs no omnibox popup beside the pages", async () => {
    const browser = await chromium.launch({ executablePath: chromePath(), args: [...CHROMIUM_ARGS, AUTOMATED] });
    try {
      expect(disabledFeaturesIn(await commandLineOf(browser)).at(-1)).toBe(DISABLED_FEATURES.join(","));
      const page = await browser.newPage();
      await page.goto("data:text/html,<p>hi</p>");
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send("Target.getTargets", { filter: [{}] });
      expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith("chrome://"))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
