import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { signIn, signInNewPlayer } from "./accounts";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { boxOf, findCard, overlaps, restingBox } from "./feed-cards";

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
    // The stand-in delivers the webhook before sending the browser back, as Stripe often does: the first return still
    // says the payment went through and what it added.
    await page.getByText("Payment Successful!").waitFor();
    await page.getByText("100 credits have been added to your account.").waitFor();
    expect(await page.getByText("Payment already credited").count()).toBe(0);
    await expect.poll(() => balance(page)).toBe("105 credits");
    await expect.poll(() => new URL(page.url()).search).not.toContain("payment=");
    await context.close();
  });

  it("says a reopened return link was already credited, on this device or another, and adds nothing", async () => {
    const { context, page } = await signedInBuyer();
    await openFromAccountMenu(page, "Add Credits");
    await page.getByRole("dialog", { name: "Add Credits" }).getByRole("button", { name: "Buy Credits" }).click();
    await page.waitForURL(/\/checkout\/cs_/);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/home\?.*payment=success/);
    const returnLink = page.url();
    await page.getByText("5 credits have been added to your account.").waitFor();
    await expect.poll(() => balance(page)).toBe("110 credits");

    await page.goto(returnLink);
    await page.getByText("Your balance already includes this payment's 5 credits.").waitFor();
    await context.close();

    const elsewhere = await signedInBuyer();
    await elsewhere.page.goto(returnLink);
    await elsewhere.page.getByText("Payment already credited").waitFor();
    expect(await elsewhere.page.getByText(/have been added/).count()).toBe(0);
    await expect.poll(() => balance(elsewhere.page)).toBe("110 credits");
    await elsewhere.context.close();
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
    await expect.poll(() => balance(page)).toBe("110 credits");
    await context.close();
  });

  it("starts a monthly subscription and then sees it as soon as Add Credits opens", async () => {
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
    await page.getByText("50 credits have been added to your account.").waitFor();
    await expect.poll(() => balance(page)).toBe("160 credits");

    // A subscriber sees the subscription and Manage Subscription as soon as Add Credits opens, and one-time
    // credits below them: no monthly choice that could only lead to a second subscription.
    await openFromAccountMenu(page, "Add Credits");
    const summary = dialog.getByTestId("subscription-summary");
    await summary.getByText("50 credits every month").waitFor();
    await summary.getByText("$40.00 per month").waitFor();
    await summary.getByRole("button", { name: "Manage Subscription" }).waitFor();
    await dialog.getByRole("heading", { name: "Buy extra credits once" }).waitFor();
    await dialog.getByRole("button", { name: "Buy Credits" }).waitFor();
    expect(await dialog.getByRole("radio").count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Start Subscription" }).count()).toBe(0);
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await context.close();

    const phone = await browser.open(PHONE);
    await signIn(phone.page, buyer);
    await phone.page.getByRole("button", { name: "More" }).click();
    await phone.page.getByRole("button", { name: "Buy Credits" }).click();
    const sheet = phone.page.getByRole("dialog", { name: "Add Credits" });
    await sheet.getByTestId("subscription-summary").getByRole("button", { name: "Manage Subscription" }).waitFor();
    expect(await sheet.getByRole("radio").count()).toBe(0);
    await expect(seriousA11yViolations(phone.page)).resolves.toEqual([]);
    await phone.context.close();
  });
});

describe("promo codes", () => {
  it("keeps a toast on a phone clear of the promo code field and its error, whenever the sheet opens", async () => {
    const { context, page } = await browser.open(PHONE);
    await signIn(page, buyer);
    await page.clock.install();
    await page.goto("/home");
    const card = await findCard(page, "Lakers beat the Celtics");
    await card.getByRole("button", { name: /bookmark/i }).click();
    const toast = page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: /bookmark/i });
    await restingBox(toast);

    await page.getByRole("button", { name: "More" }).click();
    await page.getByRole("button", { name: "Promo Code" }).click();
    const sheet = page.getByRole("dialog", { name: "Redeem Promo Code" });
    await sheet.getByLabel("Promo Code").waitFor();
    // The toast stays while the sheet refuses a code: the page's clock stops (CSS and the network run on).
    await page.clock.pauseAt(Date.now() + 100);
    await sheet.getByLabel("Promo Code").fill("NOT-A-CODE");
    await sheet.getByRole("button", { name: "Redeem" }).click();
    const error = sheet.getByText("Invalid or inactive promo code");
    await error.waitFor();
    const toastBox = await boxOf(toast);
    for (const [name, part] of [
      ["the sheet", sheet],
      ["the field", sheet.getByLabel("Promo Code")],
      ["its error", error],
    ] as const) {
      expect(overlaps(toastBox, await boxOf(part)), name).toBe(false);
    }
    await context.close();
  });

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
    await expect.poll(() => balance(page)).toBe("170 credits");

    await openFromAccountMenu(page, "Promo Code");
    await dialog.getByLabel("Promo Code").fill("WELCOME10");
    await dialog.getByRole("button", { name: "Redeem" }).click();
    await dialog.getByText("You have already used this promo code").waitFor();
    await context.close();
  });
});
