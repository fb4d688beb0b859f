import { describe, expect, it } from "vitest";
import { shownBalance, signInNewPlayer } from "./accounts";
import { seriousA11yViolations } from "./a11y";
import { DESKTOP, PHONE, SIZES, useBrowser } from "./browser";

const browser = useBrowser();

describe("daily credits", () => {
  it.each(SIZES)(
    "offers today's free credits in the header, adds them to the balance once, then hides the offer (%s)",
    async (_size, viewport) => {
      const { context, page } = await browser.open(viewport);
      await signInNewPlayer(page, browser.baseUrl, "daily");
      const before = await shownBalance(page);

      const offer = page.getByRole("button", { name: /Claim 2 credits free today/ });
      await offer.click();
      await page.getByText("2 credits claimed").waitFor();
      await expect.poll(() => shownBalance(page)).toBe(before + 2);
      await expect.poll(() => page.getByTestId("daily-credits").count()).toBe(0);

      await page.reload();
      await page.getByTestId("credits-pill").waitFor();
      expect(await page.getByTestId("daily-credits").count()).toBe(0);
      await context.close();
    },
  );

  it("offers them once a day in a small sheet on the feed, which claims them", async () => {
    const { context, page } = await browser.open(PHONE, { showOffers: true });
    await signInNewPlayer(page, browser.baseUrl, "daily-sheet");
    const before = await shownBalance(page);
    const sheet = page.getByRole("dialog", { name: "Your daily credits are here" });
    await sheet.getByText("Claim 2 credits free today.", { exact: false }).waitFor();
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await sheet.getByRole("button", { name: "Claim 2 credits" }).click();
    await page.getByText("2 credits claimed").waitFor();
    await expect.poll(() => shownBalance(page)).toBe(before + 2);
    await context.close();
  });

  it("shows the sheet once a day: closed with Not now, the header's gift keeps the offer", async () => {
    const { context, page } = await browser.open(DESKTOP, { showOffers: true });
    await signInNewPlayer(page, browser.baseUrl, "daily-once");
    const sheet = page.getByRole("dialog", { name: "Your daily credits are here" });
    await sheet.getByRole("button", { name: "Not now" }).click();
    await sheet.waitFor({ state: "detached" });
    // The sheet opens 3 s after load: the page's clock is run past that instead of waiting for it.
    await page.clock.install();
    await page.reload();
    await page.getByTestId("daily-credits").waitFor();
    await page.clock.runFor(5_000);
    expect(await sheet.count()).toBe(0);
    await context.close();
  });
});
