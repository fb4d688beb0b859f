import { describe, expect, it } from "vitest";
import { latestLink, shownBalance, signIn, uniqueEmail } from "./accounts";
import { DESKTOP, PHONE, useBrowser } from "./browser";

const browser = useBrowser();

describe("accounts", () => {
  it("signs up, confirms from the emailed link, shows 5 credits, refuses a profane name and signs out", async () => {
    const { context, page } = await browser.open(DESKTOP);
    const email = uniqueEmail("journey");
    await page.goto("/auth?mode=signup");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByText("Password must be at least 6 characters").waitFor();
    await page.getByText("Please select your country").waitFor();
    await page.getByText("You must confirm you are 18 or older to sign up").waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("password123");
    await page.getByLabel("Country").selectOption("CA");
    // Everything else is right: the unticked 18+ box alone keeps the account from being made.
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("You must confirm you are 18 or older to sign up").waitFor();
    expect(await page.getByRole("heading", { name: "Check your email" }).count()).toBe(0);
    await page.getByLabel("I confirm I am 18 or older").check();
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    await page.goto("/auth?mode=login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("password123");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    await page.goto(await latestLink(browser.baseUrl, email, "confirm"));
    await page.waitForURL("**/home");
    await expect.poll(() => shownBalance(page)).toBe(5);

    await page.goto("/profile");
    const username = page.getByLabel("Username");
    const original = await username.inputValue();
    await username.fill("shithead");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Inappropriate Content Detected").waitFor();
    await expect.poll(() => username.inputValue()).toBe(original);
    await username.fill("   ");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Username cannot be empty. Reverted to previous name.").waitFor();

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByText("Successfully logged out").waitFor();
    await page.getByRole("link", { name: "Log in" }).waitFor();
    const me = await page.evaluate(() => fetch("/api/me").then((r) => r.status));
    expect(me).toBe(401);
    await context.close();
  });

  it("resets a forgotten password through the emailed link", async () => {
    const { context, page } = await browser.open(PHONE);
    await page.goto("/password-reset");
    await page.getByLabel("Email").fill("player@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("we sent it a link to reset the password").waitFor();
    await page.goto(await latestLink(browser.baseUrl, "player@example.com", "token"));
    await page.getByLabel("New password").fill("password123");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/auth?mode=login");
    await signIn(page, "player@example.com");
    await context.close();
  });

  it("recognises the seeded admin and shows the Admin Panel entry only to admins", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await signIn(page, "admin@example.com");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Admin Panel" }).waitFor();
    await context.close();
  });

  it("offers visitors the claim modal after 3 s and keeps it away for 24 h once dismissed", async () => {
    const { context, page } = await browser.open(PHONE, { showOffers: true });
    await page.clock.install();
    await page.goto("/home");
    const offer = page.getByRole("dialog", { name: "Claim your free credits" });
    await page.getByTestId("question-card").first().waitFor();
    await page.clock.fastForward(2000);
    await expect(offer.count()).resolves.toBe(0);
    await page.clock.fastForward(1500);
    await offer.waitFor();
    // An offer nobody asked for leaves the page as it was: not dimmed, still scrolling, focus where the visitor had it.
    await expect(page.locator("div.fixed.inset-0[data-state=open]").count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.body.hasAttribute("data-scroll-locked"))).resolves.toBe(false);
    await expect(
      page.evaluate(() => document.querySelector("[role=dialog]")?.contains(document.activeElement)),
    ).resolves.toBe(false);
    await offer.getByRole("button", { name: "Close" }).click();
    await offer.waitFor({ state: "detached" });
    await page.reload();
    await page.getByTestId("question-card").first().waitFor();
    await page.clock.fastForward(3500);
    await expect(offer.count()).resolves.toBe(0);
    await context.close();
  });

  it("dismisses the visitor's offer with Escape, and with a tap on the page behind it", async () => {
    const { context, page } = await browser.open(PHONE, { showOffers: true });
    const offer = page.getByRole("dialog", { name: "Claim your free credits" });
    await page.goto("/home");
    await offer.waitFor({ timeout: 5000 });
    await page.keyboard.press("Escape");
    await offer.waitFor({ state: "detached" });
    await page.evaluate(() => localStorage.removeItem("claim-modal-dismissed-at"));
    await page.reload();
    await offer.waitFor({ timeout: 5000 });
    await offer.getByText("Free, no purchase needed.", { exact: false }).click();
    await expect(offer.count()).resolves.toBe(1);
    // Between the filter chips and the search box: the page itself, nothing on it to press.
    await page.mouse.click(200, 100);
    await offer.waitFor({ state: "detached" });
    await context.close();
  });

  it("shows the 10-credit referral offer for a ref link and keeps the code into sign-up", async () => {
    const { context, page } = await browser.open(PHONE, { showOffers: true });
    await page.goto("/home?ref=DEMOPLYR");
    const offer = page.getByRole("dialog", { name: "A friend invited you!" });
    await offer.getByText("10 credits").waitFor();
    await offer.getByRole("button", { name: "Start My Streak" }).click();
    await page.waitForURL(/\/auth\?.*ref=DEMOPLYR/);
    await page.getByText("start with 10 free credits").waitFor();
    await expect(page.evaluate(() => localStorage.getItem("pending-referral-code"))).resolves.toBe("DEMOPLYR");
    await context.close();
  });
});
