import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { settleAsAdmin, signInNewPlayer } from "./accounts";
import { DESKTOP, liveSocketOpen, PHONE, useBrowser } from "./browser";
import { untilStandingsList } from "./cron";
import { runSql } from "./database";

const browser = useBrowser();
const HOUR = 60 * 60 * 1000;

const myId = (page: Page) =>
  page
    .evaluate(() => fetch("/api/me").then((r) => r.json() as Promise<{ user: { id: string } }>))
    .then((me) => me.user.id);

const pickThroughApi = (page: Page, questionId: string, choice: "yes" | "no") =>
  page.evaluate(
    ({ questionId, choice }) =>
      fetch("/api/picks", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ questionId, choice, multiplier: 1 }),
      }).then((r) => r.status),
    { questionId, choice },
  );

/** A free published question written straight to D1 (a free pick moves no credits). */
const freeQuestion = (id: string, title: string) =>
  runSql(
    `INSERT INTO questions (id, title, sport_category, credit_cost, deadline, status, is_free_pick, created_at, updated_at)
     VALUES ('${id}', '${title}', 'NBA', 0, ${Date.now() + 24 * HOUR}, 'published', 1, ${Date.now()}, ${Date.now()});`,
  );

describe("community", () => {
  it("shows the standings per period, highlights the player and opens another player's stats", async () => {
    const stamp = Date.now();
    const questionId = `e2e-standings-${stamp}`;
    const rival = `Rival_${String(stamp).slice(-6)}`;
    await freeQuestion(questionId, `Standings game ${stamp}`);
    // The rival's account in the directory and, with their pick, in their own shard.
    const rivalId = `e2e-rival-${stamp}`;
    const rivalAccount = `INSERT INTO users (id, email, username, country, referral_code, created_at, updated_at)
       VALUES ('${rivalId}', 'rival-${stamp}@example.com', '${rival}', 'CA', 'RIVAL${stamp}', ${stamp}, ${stamp});`;
    await runSql(rivalAccount);
    await runSql(
      `${rivalAccount}
       INSERT INTO user_picks (id, user_id, question_id, choice, credits_spent, multiplier, potential_payout, created_at, updated_at)
       VALUES ('e2e-rival-pick-${stamp}', '${rivalId}', '${questionId}', 'yes', 0, 1, 2, ${stamp}, ${stamp});`,
      { player: rivalId },
    );
    const { context, page } = await browser.open(DESKTOP);
    await signInNewPlayer(page, browser.baseUrl, "standings");
    expect(await pickThroughApi(page, questionId, "no")).toBe(201);
    expect(await settleAsAdmin(browser.baseUrl, questionId, "A")).toBe(200);
    await untilStandingsList(browser.baseUrl, rival);

    await page.goto("/leaderboard");
    await page.getByRole("heading", { name: "Standings" }).waitFor();
    const rivalRow = page.getByTestId("leaderboard-row").filter({ hasText: rival });
    await rivalRow.getByText("2 pts").waitFor();
    await page.locator('[data-testid="leaderboard-row"][data-me="true"]').getByText("(you)").waitFor();

    await page.getByRole("radio", { name: "3 Days" }).click();
    await expect.poll(() => page.url()).toContain("days=3");
    await rivalRow.getByText("1 win", { exact: true }).waitFor();
    await page.getByRole("radio", { name: "7 Days" }).click();
    await expect.poll(() => page.url()).toContain("days=7");
    await rivalRow.getByText("1-0 · 100%").waitFor();
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);

    await rivalRow.click();
    const dialog = page.getByRole("dialog", { name: rival });
    await dialog.getByTestId("stats-grid").getByText("100%").waitFor();
    await dialog.getByText(`Standings game ${stamp}`).waitFor();
    await dialog.getByText(/^Member since /).waitFor();
    await dialog.getByRole("radio", { name: "All Time" }).click();
    await expect(dialog.getByRole("radio", { name: "All Time" }).getAttribute("aria-checked")).resolves.toBe("true");
    await dialog.getByText(/^#\d+ of \d+$/).waitFor();
    await context.close();
  });

  it("shows a new pick on the activity feed live", async () => {
    const stamp = Date.now();
    const questionId = `e2e-activity-${stamp}`;
    await freeQuestion(questionId, `Activity game ${stamp}`);
    const watcher = await browser.open(PHONE);
    await watcher.page.goto("/activity");
    await watcher.page.getByRole("heading", { name: "Activity" }).waitFor();
    await liveSocketOpen(watcher.page);

    const player = await browser.open(DESKTOP);
    await signInNewPlayer(player.page, browser.baseUrl, "active");
    expect(await pickThroughApi(player.page, questionId, "yes")).toBe(201);

    const entry = watcher.page.getByTestId("activity-entry").filter({ hasText: `Activity game ${stamp}` });
    await entry.waitFor({ timeout: 5000 });
    await expect(entry.textContent()).resolves.toContain("picked Yes");
    await entry.click();
    await expect.poll(() => watcher.page.url()).toContain("/home");
    await watcher.context.close();
    await player.context.close();
  });

  it("asks visitors to sign in, tells a short player what is missing, and lets them join a challenge", async () => {
    const stamp = Date.now();
    const title = `E2E Challenge ${stamp}`;
    await runSql(
      `INSERT INTO contests (id, title, duration_days, starts_at, ends_at, created_at)
       VALUES ('e2e-contest-${stamp}', '${title}', 3, ${stamp - 60_000}, ${stamp + 3 * 24 * HOUR - 60_000}, ${stamp});`,
    );
    const { context, page } = await browser.open(PHONE);
    await page.goto("/leaderboard");
    const card = page.getByTestId("contest-card").filter({ hasText: title });
    await card.getByText("Please sign in to join the contest").waitFor();
    await card.getByText(/^Ends in 2d 23h/).waitFor();

    await signInNewPlayer(page, browser.baseUrl, "contender");
    await page.goto("/leaderboard");
    await card.getByText("You need 10 more credits").waitFor();
    await expect(card.getByRole("button", { name: "Join for 15 credits" }).isDisabled()).resolves.toBe(true);

    const userId = await myId(page);
    await runSql(
      `INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, description, created_at)
       VALUES ('e2e-bonus-${userId}', '${userId}', 20, 'bonus', 'bonus', 'e2e-bonus:${userId}', 'Bonus', ${Date.now()});
       UPDATE user_credits SET balance = balance + 20, total_earned = total_earned + 20 WHERE user_id = '${userId}';`,
      { player: userId },
    );
    await page.reload();
    await expect.poll(() => page.getByTestId("credits-pill").getAttribute("aria-label")).toBe("25 credits");
    await card.getByRole("button", { name: "Join for 15 credits" }).click();
    await expect.poll(() => page.getByTestId("credits-pill").getAttribute("aria-label")).toBe("10 credits");
    await card.getByText(/You're in! Rank #1/).waitFor();
    await expect(card.getByTestId("contest-standing").count()).resolves.toBe(1);
    await card.getByText("Prizes", { exact: true }).click();
    await card.getByText("Top 1%").waitFor();
    await context.close();
  });
});
