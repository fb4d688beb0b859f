import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { settleAsAdmin, signInNewPlayer } from "./accounts";
import { liveSocketOpen, PHONE, DESKTOP, useBrowser } from "./browser";
import { insertQuestion, pickFromFeed, toastWith } from "./feed-cards";

const browser = useBrowser();

const question = async (label: string) => {
  const id = `e2e-news-${label}-${crypto.randomUUID()}`;
  const title = `Results news ${label} ${id.slice(-8)}`;
  await insertQuestion(id, title, 0);
  return { id, title };
};

describe("telling a player their results", () => {
  it("celebrates a win on the open screen with its credits and question, and marks a loss quietly", async () => {
    const won = await question("won");
    const lost = await question("lost");
    const { context, page } = await browser.open(PHONE);
    await signInNewPlayer(page, browser.baseUrl, "news");
    await pickFromFeed(page, won.title, "Yes");
    await pickFromFeed(page, lost.title, "Yes");
    await liveSocketOpen(page);

    expect(await settleAsAdmin(browser.baseUrl, won.id, "A")).toBe(200);
    const celebration = page.getByTestId("win-celebration");
    await celebration.getByText("You won 2 credits!").waitFor();
    await celebration.getByText(won.title).waitFor();
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await celebration.getByRole("button", { name: "Close" }).click();
    await celebration.waitFor({ state: "detached" });

    expect(await settleAsAdmin(browser.baseUrl, lost.id, "B")).toBe(200);
    await toastWith(page, "Not this time").waitFor();
    expect(await celebration.count()).toBe(0);
    await context.close();
  });

  it("sums up on return what settled while the player was away, once", async () => {
    const first = await question("away-1");
    const second = await question("away-2");
    const { context, page } = await browser.open(DESKTOP);
    await signInNewPlayer(page, browser.baseUrl, "away");
    await pickFromFeed(page, first.title, "Yes");
    await pickFromFeed(page, second.title, "No");
    await page.goto("/picks");
    await page.getByRole("heading", { name: "My Picks" }).waitFor();
    await page.close();

    expect(await settleAsAdmin(browser.baseUrl, first.id, "A")).toBe(200);
    expect(await settleAsAdmin(browser.baseUrl, second.id, "A")).toBe(200);

    const back = await context.newPage();
    await back.goto("/home");
    const summary = back.getByTestId("win-celebration");
    await summary.getByText("While you were away").waitFor();
    await summary.getByText("1 pick won: +2 credits").waitFor();
    await summary.getByText("1 pick lost").waitFor();
    await back.reload();
    // The badge counts the two results, so the picks they come from have been read again.
    await back.getByTestId("picks-badge").first().getByText("2", { exact: true }).waitFor();
    expect(await back.getByTestId("win-celebration").count()).toBe(0);
    await context.close();
  });
});
