import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { DEMO_PASSWORD, signIn, signInNewPlayer } from "./accounts";
import { PHONE, useBrowser } from "./browser";

const browser = useBrowser();

describe("changing the password", () => {
  it("refuses a wrong current password beside the field, then changes it and signs in with the new one", async () => {
    const { context, page } = await browser.open(PHONE);
    const email = await signInNewPlayer(page, browser.baseUrl, "password-change");
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Change password" }).waitFor();

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your current password is incorrect").waitFor();
    expect(await page.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed").waitFor();
    expect(await page.getByLabel("Current password").inputValue()).toBe("");
    await page.reload();
    await page.getByTestId("credits-pill").waitFor();
    await context.close();

    const fresh = await browser.open(PHONE);
    await signIn(fresh.page, email, "brand-new-pass");
    await fresh.context.close();
  });
});

describe("deleting the account", () => {
  it("says the account was deleted and what was kept, and leaves the player signed out", async () => {
    const { context, page } = await browser.open(PHONE);
    await signInNewPlayer(page, browser.baseUrl, "delete-me");
    await page.clock.install();
    await page.goto("/profile");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("button", { name: "Delete permanently" }).click();
    await page.getByText("Your account was deleted").waitFor();
    await page.getByText("Your picks and credit history stay only as anonymous records.").waitFor();
    expect(await page.getByText("Successfully logged out").count()).toBe(0);
    expect(await page.getByTestId("credits-pill").count()).toBe(0);
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);

    // Past a toast's usual life and the sign-up offer's 3 s delay, the notice is still there and nothing covers it.
    await page.clock.fastForward(6000);
    expect(await page.getByText("Your account was deleted").isVisible()).toBe(true);
    expect(await page.getByRole("dialog", { name: "Claim your free credits" }).count()).toBe(0);
    await context.close();
  });
});

describe("flags", () => {
  it("shows an SVG flag of our own for any country, not only the few drawn for us", async () => {
    const { context, page } = await browser.open(PHONE);
    await signInNewPlayer(page, browser.baseUrl, "flags");
    await page.goto("/profile");
    await page.getByLabel("Country").selectOption("FR");
    await page.getByText("Country updated").waitFor();
    const flag = page.locator('img[src="/flags/fr.svg"]').first();
    await flag.waitFor();
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  });
});
