import { describe, expect, it } from "vitest";
import { signInNewPlayer } from "./accounts";
import { DESKTOP, PHONE, useBrowser } from "./browser";

const browser = useBrowser();

const openPick = async (page: import("playwright-core").Page, title: string) => {
  await page.getByLabel("Search questions").fill(title);
  const card = page.getByTestId("question-card").filter({ hasText: title });
  await card.waitFor();
  await card.getByRole("button").first().click();
  return page.getByRole("dialog", { name: "Make Your Pick" });
};

describe("making picks", () => {
  it("picks with multiplier 3, drops the balance at once and lists the pick on My Picks", async () => {
    const { context, page } = await browser.open(PHONE);
    await signInNewPlayer(page, browser.baseUrl, "picker");
    const dialog = await openPick(page, "Knicks win by double digits");
    await expect(dialog.getByTestId("pick-cost").textContent()).resolves.toBe("1 credit");
    await dialog.getByRole("radio", { name: "3x" }).click();
    await expect(dialog.getByTestId("pick-cost").textContent()).resolves.toBe("3 credits");
    await expect(dialog.getByTestId("pick-payout").textContent()).resolves.toBe("6 credits");
    await dialog.getByRole("button", { name: "Confirm Pick" }).click();
    await expect.poll(() => page.getByTestId("credits-pill").textContent()).toContain("2");
    await page.getByText("Pick Confirmed - Yes").waitFor();
    await page.goto("/picks");
    const pick = page.getByTestId("my-pick").filter({ hasText: "Knicks win by double digits" });
    await pick.getByText("In progress").waitFor();
    await pick.getByText("pays 6").waitFor();
    // Nothing won or lost yet: no rate to show, rather than 0%.
    const winRate = page.getByText("Win rate", { exact: true }).locator("xpath=..").locator("dd");
    await expect(winRate.textContent()).resolves.toBe("-");
    await context.close();
  });

  it("tells a player how many more credits a pick needs", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await signInNewPlayer(page, browser.baseUrl, "short");
    const dialog = await openPick(page, "Chiefs beat the Bills");
    await dialog.getByRole("radio", { name: "2x" }).click();
    await dialog.getByText("You need 5 more credits").waitFor();
    await dialog.getByRole("button", { name: "Add Credits" }).waitFor();
    await expect(dialog.getByRole("button", { name: "Confirm Pick" }).isDisabled()).resolves.toBe(true);
    await context.close();
  });

  it("submits once on a double click", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await signInNewPlayer(page, browser.baseUrl, "double");
    const dialog = await openPick(page, "Rangers vs Bruins");
    await dialog.getByRole("button", { name: "Confirm Pick" }).dblclick();
    await page.getByText("Pick Confirmed - Over").waitFor();
    const picks = await page.evaluate(() => fetch("/api/picks").then((r) => r.json() as Promise<{ items: unknown[] }>));
    expect(picks.items).toHaveLength(1);
    await expect.poll(() => page.getByTestId("credits-pill").textContent()).toContain("4");
    await context.close();
  });
});
