import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, shownBalance, signIn, signInNewPlayer } from "./accounts";
import { seriousA11yViolations } from "./a11y";
import { DESKTOP, liveSocketOpen, PHONE, useBrowser } from "./browser";
import { findCard, insertQuestion, toastWith } from "./feed-cards";

const browser = useBrowser();

describe("picking from the feed", () => {
  it("confirms with Enter as soon as the modal opens with the card's choice", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await signInNewPlayer(page, browser.baseUrl, "enter");
    const card = await findCard(page, "Knicks win by double digits");
    await card.getByRole("button", { name: "Yes" }).click();
    const dialog = page.getByRole("dialog", { name: "Make Your Pick" });
    await dialog.waitFor();
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await page.keyboard.press("Enter");
    await page.getByText("Pick Confirmed - Yes").waitFor();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => shownBalance(page)).toBe(4);
    await context.close();
  });

  it("asks a visitor who bookmarks or picks to log in, and brings them back to their pick", async () => {
    const owner = await browser.open(DESKTOP);
    const email = await signInNewPlayer(owner.page, browser.baseUrl, "visitor");
    await owner.context.close();

    const { context, page } = await browser.open(PHONE);
    await page.goto("/home");
    const card = await findCard(page, "Chiefs beat the Bills");
    await card.getByRole("button", { name: "Bookmark question" }).click();
    const bookmarkPrompt = toastWith(page, "Log in to make your pick");
    await bookmarkPrompt.getByRole("button", { name: "Close toast" }).click();
    await bookmarkPrompt.waitFor({ state: "detached" });
    await card.getByRole("button", { name: "No" }).click();
    const prompt = toastWith(page, "Log in to make your pick");
    await prompt.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.locator("form").getByRole("button", { name: "Log in" }).click();
    const dialog = page.getByRole("dialog", { name: "Make Your Pick" });
    await dialog.waitFor();
    await expect(dialog.getByRole("radio", { name: "No" }).getAttribute("aria-checked")).resolves.toBe("true");
    await context.close();
  });

  it("closes the modal and offers to log in when the session ended on another device", async () => {
    const first = await browser.open(PHONE);
    const email = await signInNewPlayer(first.page, browser.baseUrl, "elsewhere");
    const second = await browser.open(DESKTOP);
    await signIn(second.page, email);

    const card = await findCard(first.page, "Rangers vs Bruins");
    await card.getByRole("button").first().click();
    const dialog = first.page.getByRole("dialog", { name: "Make Your Pick" });
    await dialog.waitFor();
    // The other device signs out (of every session) just as this one confirms.
    await first.page.route("**/api/picks", async (route) => {
      await second.page.evaluate(() => fetch("/api/auth/logout", { method: "POST" }));
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Confirm Pick" }).click();

    const lost = toastWith(first.page, "Please log in again to continue");
    await lost.waitFor();
    await dialog.waitFor({ state: "detached" });
    await expect(first.page.getByText(/You need \d+ more credits/).count()).resolves.toBe(0);
    await lost.getByRole("button", { name: "Log in" }).click();
    await first.page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await first.context.close();
    await second.context.close();
  });

  it("gives the refund of a deleted question back on the open page, without a reload, and says why", async () => {
    await insertQuestion("e2e-deleted-refund", "Will this question be deleted before tip-off?", 2);
    const player = await browser.open(PHONE);
    await signInNewPlayer(player.page, browser.baseUrl, "refunded");
    const card = await findCard(player.page, "deleted before tip-off");
    await card.getByRole("button", { name: "Yes" }).click();
    const dialog = player.page.getByRole("dialog", { name: "Make Your Pick" });
    await dialog.getByRole("radio", { name: "2x" }).click();
    await dialog.getByRole("button", { name: "Confirm Pick" }).click();
    await expect.poll(() => shownBalance(player.page)).toBe(1);
    await liveSocketOpen(player.page);

    const admin = await browser.open(DESKTOP);
    await signIn(admin.page, "admin@example.com");
    const status = await admin.page.evaluate(() =>
      fetch("/api/admin/questions/e2e-deleted-refund", { method: "DELETE" }).then((r) => r.status),
    );
    expect(status).toBe(200);

    await expect
      .poll(() => player.page.getByTestId("credit-burst").textContent(), { timeout: 5000 })
      .toContain("+4 credits");
    await expect.poll(() => shownBalance(player.page), { timeout: 5000 }).toBe(5);
    // And says why: which question went, and what came back.
    const why = toastWith(player.page, "Will this question be deleted before tip-off? was removed");
    await why.getByText("4 credits refunded").waitFor();
    await player.context.close();
    await admin.context.close();
  });
});
