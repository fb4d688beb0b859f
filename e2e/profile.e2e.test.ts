import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { DEMO_PASSWORD, signIn, signInNewPlayer } from "./accounts";
import { PHONE, useBrowser } from "./browser";
import { giveWinnings, myId } from "./winnings";

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
  it("asks for the password and consent to cancel a pending redemption, then says what was deleted and kept", async () => {
    const { context, page } = await browser.open(PHONE);
    const email = await signInNewPlayer(page, browser.baseUrl, "delete-me");
    await giveWinnings(await myId(page), 20);
    const redeemed = await page.evaluate(
      (address) =>
        fetch("/api/redemptions/gift-card", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ rewardId: "amazon", credits: 10, email: address, ageConfirmed: true }),
        }).then((r) => r.status),
      email,
    );
    expect(redeemed).toBe(201);
    await page.clock.install();
    await page.goto("/profile");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const sheet = page.getByRole("dialog", { name: "Delete your account?" });
    const pending = sheet.getByTestId("pending-redemptions");
    await pending.getByText("Amazon gift card for $6.00").waitFor();
    await pending.getByText("Cancelling refunds 10 credits to your balance").waitFor();

    await sheet.getByLabel("Password").fill(DEMO_PASSWORD);
    await sheet.getByRole("button", { name: "Delete permanently" }).click();
    await pending.getByText("Tick the box to cancel your pending redemptions").waitFor();
    await pending.getByLabel("Cancel this redemption and delete my account").check();
    await sheet.getByLabel("Password").fill("not-my-password");
    await sheet.getByRole("button", { name: "Delete permanently" }).click();
    await sheet.getByText("Your password is incorrect").waitFor();
    expect(await sheet.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);

    await sheet.getByLabel("Password").fill(DEMO_PASSWORD);
    await sheet.getByRole("button", { name: "Delete permanently" }).click();
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

    // Nothing is left in the admin's queue to send to the erased address.
    const admin = await browser.open(PHONE);
    await signIn(admin.page, "admin@example.com");
    const queued = await admin.page.evaluate(() =>
      fetch("/api/admin/redemptions?status=pending")
        .then((r) => r.json() as Promise<{ items: { email: string; user: { email: string } }[] }>)
        .then(({ items }) => items.flatMap((item) => [item.email, item.user.email])),
    );
    expect(queued).not.toContain(email);
    await admin.context.close();
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
