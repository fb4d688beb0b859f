import { describe, expect, it } from "vitest";
import { signInNewPlayer } from "./accounts";
import { SIZES, useBrowser } from "./browser";

const browser = useBrowser();

describe("daily credits", () => {
  it.each(SIZES)(
    "offers today's free credits in the header, adds them to the balance once, then hides the offer (%s)",
    async (_size, viewport) => {
      const { context, page } = await browser.open(viewport);
      await signInNewPlayer(page, browser.baseUrl, "daily");
      const pill = page.getByTestId("credits-pill");
      const before = Number((await pill.textContent())?.replace(/\D/g, ""));

      const offer = page.getByRole("button", { name: /Claim 2 credits free today/ });
      await offer.click();
      await page.getByText("2 credits claimed").waitFor();
      await expect.poll(async () => Number((await pill.textContent())?.replace(/\D/g, ""))).toBe(before + 2);
      await expect.poll(() => page.getByTestId("daily-credits").count()).toBe(0);

      await page.reload();
      await pill.waitFor();
      expect(await page.getByTestId("daily-credits").count()).toBe(0);
      await context.close();
    },
  );
});
