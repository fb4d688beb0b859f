import { describe, expect, it } from "vitest";
import { signInNewPlayer } from "./accounts";
import { DESKTOP, liveSocketOpen, useBrowser } from "./browser";

const browser = useBrowser();

describe("live updates", () => {
  it("updates the credits pill in a second tab when the player picks in the first", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await signInNewPlayer(page, browser.baseUrl, "twotabs");
    const other = await context.newPage();
    await other.goto("/picks");
    await other.getByTestId("credits-pill").waitFor();
    await expect.poll(() => other.getByTestId("credits-pill").textContent()).toContain("5");
    await liveSocketOpen(other);

    await page.getByLabel("Search questions").fill("Rangers vs Bruins");
    const card = page.getByTestId("question-card").filter({ hasText: "Rangers vs Bruins" });
    await card.getByRole("button").first().click();
    await page.getByRole("dialog", { name: "Make Your Pick" }).getByRole("button", { name: "Confirm Pick" }).click();

    await expect.poll(() => other.getByTestId("credits-pill").textContent(), { timeout: 5000 }).toContain("4");
    await other.getByTestId("credit-burst").waitFor({ timeout: 5000 });
    await context.close();
  });
});
