import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { signInNewPlayer } from "./accounts";
import { SIZES, useBrowser } from "./browser";
import { findCard, insertQuestion, toastWith } from "./feed-cards";

const browser = useBrowser();

describe("responsible play", () => {
  it.each(SIZES)(
    "a player sets a pick limit and takes a break from their profile, and the feed holds them to both (%s)",
    async (_size, viewport) => {
      const title = `Limit test ${crypto.randomUUID().slice(0, 8)}`;
      await insertQuestion(`limit-${crypto.randomUUID()}`, title, 2);
      const { context, page } = await browser.open(viewport);
      await signInNewPlayer(page, browser.baseUrl, "limited");

      await page.goto("/profile");
      const section = page.getByRole("region", { name: "Responsible play" });
      await section.getByLabel("Daily pick limit (credits)").fill("1");
      await section.getByTestId("play-limit").first().getByRole("button", { name: "Set" }).click();
      await section.getByText("0 credits of 1 credit used").waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto("/home");
      const card = await findCard(page, title);
      await card.getByRole("button", { name: "Yes" }).click();
      const dialog = page.getByRole("dialog", { name: "Make Your Pick" });
      await dialog.getByRole("button", { name: "Confirm Pick" }).click();
      const refusal = toastWith(page, "This would go over your daily limit of 1 credit on picks");
      await refusal.getByText("Limit Reached").waitFor();

      await page.goto("/profile");
      await section.getByRole("button", { name: "24 hours" }).click();
      await page
        .getByRole("dialog", { name: "Take a 24-hour break?" })
        .getByRole("button", { name: "Confirm" })
        .click();
      await section
        .getByRole("status")
        .getByText(/You are on a break until/)
        .waitFor();
      // Measured on a fresh page: a confirmation toast fading out has no real contrast to measure.
      await page.reload();
      await section
        .getByRole("status")
        .getByText(/You are on a break until/)
        .waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
