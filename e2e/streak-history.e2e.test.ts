import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { settleAsAdmin, signInNewPlayer } from "./accounts";
import { SIZES, useBrowser } from "./browser";
import { insertQuestion, pickFromFeed } from "./feed-cards";

const browser = useBrowser();

describe("the streak history", () => {
  it.each(SIZES)(
    "tells a player at once why a correction cut their streak, and the streak dialog shows the timeline (%s)",
    async (_size, viewport) => {
      const id = `streak-${crypto.randomUUID()}`;
      const title = `Streak story ${id.slice(7, 15)}`;
      await insertQuestion(id, title, 0);
      const { context, page } = await browser.open(viewport);
      await signInNewPlayer(page, browser.baseUrl, "streaky");
      await pickFromFeed(page, title, "Yes");

      expect(await settleAsAdmin(browser.baseUrl, id, "A")).toBe(200);
      await expect.poll(() => page.getByTestId("streak-pill").textContent(), { timeout: 5000 }).toBe("1");
      expect(await settleAsAdmin(browser.baseUrl, id, "B")).toBe(200);
      await page.getByText("Your streak went from 1 to 0").waitFor({ timeout: 5000 });
      await expect.poll(() => page.getByTestId("streak-pill").textContent(), { timeout: 5000 }).toBe("0");

      await page.getByTestId("streak-pill").click();
      const streak = page.getByRole("dialog", { name: "Current Streak" });
      const events = streak.getByTestId("streak-event");
      await expect.poll(() => events.count()).toBe(2);
      expect(await events.first().textContent()).toContain("Corrected: A to B");
      expect(await events.first().textContent()).toContain("Reason: Correction in a journey");
      expect(await events.first().textContent()).toContain("Streak 1 to 0");
      expect(await events.nth(1).textContent()).toContain("Won: +1");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
