import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { latestLink, settleAsAdmin, uniqueEmail } from "./accounts";
import { PHONE, useBrowser } from "./browser";
import { runSql } from "./database";

const browser = useBrowser();
const HOUR = 60 * 60 * 1000;
const pill = (page: Page) => page.getByTestId("credits-pill").getAttribute("aria-label");

describe("a new player on the phone", () => {
  it("signs up, picks, wins when the question settles and redeems the winnings for a gift card", async () => {
    const stamp = Date.now();
    const questionId = `e2e-journey-${stamp}`;
    const title = `Journey game ${stamp}`;
    await runSql(
      `INSERT INTO questions (id, title, sport_category, credit_cost, deadline, status, created_at, updated_at)
       VALUES ('${questionId}', '${title}', 'NBA', 5, ${stamp + 24 * HOUR}, 'published', ${stamp}, ${stamp});`,
    );
    const { context, page } = await browser.open(PHONE);
    const email = uniqueEmail("journey-phone");
    await page.goto("/auth?mode=signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("password123");
    await page.getByLabel("Country").selectOption("US");
    await page.getByLabel("I confirm I am 18 or older").check();
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.goto(await latestLink(browser.baseUrl, email, "confirm"));
    await expect.poll(() => pill(page)).toBe("5 credits");

    await page.getByLabel("Search questions").fill(title);
    const card = page.getByTestId("question-card").filter({ hasText: title });
    await card.getByRole("button", { name: "Yes" }).click();
    await page.getByRole("dialog", { name: "Make Your Pick" }).getByRole("button", { name: "Confirm Pick" }).click();
    await page.getByText("Pick Confirmed - Yes").waitFor();
    await expect.poll(() => pill(page)).toBe("0 credits");

    expect(await settleAsAdmin(browser.baseUrl, questionId, "A")).toBe(200);
    await expect.poll(() => pill(page), { timeout: 15_000 }).toBe("10 credits");

    await page.getByRole("button", { name: /More/ }).click();
    await page.getByRole("link", { name: "Redeem" }).click();
    await page.getByRole("heading", { name: "Redeem" }).waitFor();
    await page.getByTestId("gift-card").filter({ hasText: "Amazon" }).click();
    const panel = page.getByRole("dialog", { name: "Redeem Amazon Gift Card" });
    await panel.getByText("Redeemable balance: 10 credits").waitFor();
    await panel.getByLabel("Credits", { exact: true }).fill("10");
    await panel.getByLabel("I confirm I am 18 or older").check();
    await panel.getByRole("button", { name: "Redeem Amazon Gift Card ($6.00)" }).click();
    await page.getByText("Redemption Successful").waitFor();
    await expect.poll(() => pill(page)).toBe("0 credits");
    await page
      .getByTestId("my-redemption")
      .filter({ hasText: "Amazon gift card · $6.00" })
      .getByText("Pending")
      .waitFor();
    await context.close();
  });
});
