import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { signIn, signInNewPlayer } from "./accounts";
import { DESKTOP, useBrowser } from "./browser";

const browser = useBrowser();

const balance = (page: Page) => page.getByTestId("credits-pill").getAttribute("aria-label");

const openFromAccountMenu = async (page: Page, item: "Add Credits" | "Promo Code") => {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: item }).click();
};

/** One player for the whole file: sign-ups are rate limited per IP across the run. */
let buyer = "";
beforeAll(async () => {
  const { context, page } = await browser.open(DESKTOP);
  buyer = await signInNewPlayer(page, browser.baseUrl, "buyer");
  await context.close();
});

const signedInBuyer = async () => {
  const opened = await browser.open(DESKTOP);
  await signIn(opened.page, buyer);
  await expect.poll(() => balance(opened.page)).toMatch(/credits$/);
  return opened;
};

describe("buying credits", () => {
  it("buys 100 credits through the checkout page and sees the pill rise", async () => {
    const { context, page } = await signedInBuyer();
    await expect.poll(() => balance(page)).toBe("5 credits");
    await openFromAccountMenu(page, "Add Credits");
    const dialog = page.getByRole("dialog", { name: "Add Credits" });
    await dialog.getByLabel("Credits", { exact: true }).fill("100");
    await expect.poll(() => dialog.getByTestId("purchase-price").textContent()).toBe("$95.00");
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await dialog.getByRole("button", { name: "Buy Credits" }).click();

    await page.waitForURL(/\/checkout\/cs_/);
    await page.getByText("95.00 USD").waitFor();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/home\?.*payment=success/);
    const returnLink = page.url();
    await page.getByText("Payment Successful!").waitFor();
    await expect.poll(() => balance(page)).toBe("105 credits");
    await expect.poll(() => new URL(page.url()).search).not.toContain("payment=");

    // Opening the return link again credits nothing, and says so instead of "added" again.
    await page.goto(returnLink);
    await page.getByText("Payment already credited").waitFor();
    expect(await page.getByText("Payment Successful!").count()).toBe(0);
    await expect.poll(() => balance(page)).toBe("105 credits");
    await context.close();
  });

  it("cancels at the checkout page and sees 'Payment Cancelled'", async () => {
    const { context, page } = await signedInBuyer();
    await openFromAccountMenu(page, "Add Credits");
    const dialog = page.getByRole("dialog", { name: "Add Credits" });
    await dialog.getByLabel("Currency").selectOption("EUR");
    await dialog.getByLabel("Amount (EUR)").fill("20");
    await expect.poll(() => dialog.getByLabel("Credits", { exact: true }).inputValue()).toBe("23");
    await dialog.getByRole("button", { name: "Buy Credits" }).click();
    await page.waitForURL(/\/checkout\/cs_/);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByText("Payment Cancelled").waitFor();
    await expect.poll(() => new URL(page.url()).search).not.toContain("payment=");
    await expect.poll(() => balance(page)).toBe("105 credits");
    await context.close();
  });

  it("starts a monthly subscription and then sees it instead of the form", async () => {
    const { context, page } = await signedInBuyer();
    await openFromAccountMenu(page, "Add Credits");
    const dialog = page.getByRole("dialog", { name: "Add Credits" });
    await dialog.getByLabel("Credits", { exact: true }).fill("20");
    await dialog.getByRole("radio", { name: "Monthly (20% off)" }).click();
    await expect.poll(() => dialog.getByLabel("Credits", { exact: true }).inputValue()).toBe("5");
    await dialog.getByRole("radio", { name: "One-time" }).click();
    await expect.poll(() => dialog.getByLabel("Credits", { exact: true }).inputValue()).toBe("20");
    await dialog.getByRole("radio", { name: "Monthly (20% off)" }).click();
    await dialog.getByLabel("Credits", { exact: true }).fill("50");
    await expect.poll(() => dialog.getByTestId("purchase-price").textContent()).toBe("$40.00 per month");
    await dialog.getByRole("button", { name: "Start Subscription" }).click();

    await page.waitForURL(/\/checkout\/cs_/);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByText("Payment Successful!").waitFor();
    await expect.poll(() => balance(page)).toBe("155 credits");

    // A subscriber sees the subscription as soon as Add Credits opens, with one-time purchases still offered.
    await openFromAccountMenu(page, "Add Credits");
    const summary = dialog.getByTestId("subscription-summary");
    await summary.getByText("50 credits every month").waitFor();
    await summary.getByText("$40.00 per month").waitFor();
    await summary.getByRole("button", { name: "Manage Subscription" }).waitFor();
    expect(await dialog.getByRole("radio", { name: "One-time" }).getAttribute("aria-checked")).toBe("true");
    await dialog.getByRole("button", { name: "Buy Credits" }).waitFor();
    await dialog.getByRole("radio", { name: "Monthly (20% off)" }).click();
    await dialog.getByText("You already have a monthly subscription").waitFor();
    expect(await dialog.getByRole("button", { name: "Start Subscription" }).count()).toBe(0);
    await context.close();
  });
});

describe("promo codes", () => {
  it("redeems a seeded promo code once", async () => {
    const { context, page } = await signedInBuyer();
    await openFromAccountMenu(page, "Promo Code");
    const dialog = page.getByRole("dialog", { name: "Redeem Promo Code" });
    const redeem = dialog.getByRole("button", { name: "Redeem" });
    await expect(redeem.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel("Promo Code").fill(" welcome10 ");
    await redeem.click();

    const success = page.getByRole("dialog", { name: "Success!" });
    await success.getByText("WELCOME10").waitFor();
    await success.getByText("+10 credits").waitFor();
    await success.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Promo Code Redeemed").waitFor();
    await expect.poll(() => balance(page)).toBe("165 credits");

    await openFromAccountMenu(page, "Promo Code");
    await dialog.getByLabel("Promo Code").fill("WELCOME10");
    await dialog.getByRole("button", { name: "Redeem" }).click();
    await dialog.getByText("You have already used this promo code").waitFor();
    await context.close();
  });
});
