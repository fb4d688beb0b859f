import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { settleAsAdmin, signIn, signInNewPlayer } from "./accounts";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { untilStandingsList } from "./cron";
import { runSql } from "./database";
import { boxOf, findCard, insertQuestion, pickFromFeed, restingBox } from "./feed-cards";
import { giveWinnings } from "./winnings";

const browser = useBrowser();
const SMALL_PHONE = { width: 360, height: 740 } as const;

/** Worst cases a real board holds: a word too long for any line, the longest username (40 letters, no space). */
const LONG_WORD = "Supercalifragilisticexpialidocious".repeat(3).slice(0, 80);
const stamp = Date.now();
const LONG_NAME = `Wolfeschlegelsteinhausenberger${String(stamp).slice(-10)}`;
const questionId = `e2e-phone-${stamp}`;
const questionTitle = `Will ${LONG_WORD} win the final ${stamp}?`;
let player = "";

/** How far the page reaches past the right edge of the screen; 0 when nothing scrolls sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Every control in view smaller than a 44 px finger target, named so a failure says which. */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll(
      "button, a[href], input, select, textarea, [role=button], [role=radio], [role=tab], [role=checkbox]",
    );
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      const inView = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      // A skip link is 1 px until focused; a link in a line of text (a sentence, a card's title) is exempt, as WCAG's
      // target-size rule allows for inline targets.
      const exempt = box.width <= 1 || control.closest("p, h2") !== null;
      if (!inView || exempt || getComputedStyle(control).visibility === "hidden") continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = control.getAttribute("aria-label") ?? control.textContent?.trim().slice(0, 30) ?? "";
        small.push(`${control.tagName} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  });

/** Question cards wholly on screen, above the phone's bottom navigation where there is one. */
const wholeCards = (page: Page) =>
  page.evaluate(() => {
    const nav = document.querySelector('[data-testid="bottom-nav"]');
    const navTop = nav && getComputedStyle(nav).display !== "none" ? nav.getBoundingClientRect().top : innerHeight;
    return Array.from(document.querySelectorAll('[data-testid="question-card"]')).filter((card) => {
      const box = card.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= Math.min(innerHeight, navTop);
    }).length;
  });

beforeAll(async () => {
  await insertQuestion(questionId, questionTitle, 0);
  await runSql(
    `INSERT INTO contests (id, title, duration_days, starts_at, ends_at, created_at)
     VALUES ('e2e-phone-contest-${stamp}', '${LONG_WORD}', 7, ${stamp - 60_000}, ${stamp + 7 * 86_400_000}, ${stamp})`,
  );
  const { context, page } = await browser.open(DESKTOP);
  player = await signInNewPlayer(page, browser.baseUrl, "phone");
  await pickFromFeed(page, `final ${stamp}`, "Yes");
  const id = await page.evaluate(
    async () => ((await (await fetch("/api/me")).json()) as { user: { id: string } }).user.id,
  );
  // Usernames are chosen on the profile, which refuses nothing longer than 40 letters: this is the longest.
  await runSql(`UPDATE users SET username = '${LONG_NAME}' WHERE id = '${id}'`);
  await runSql(`UPDATE users SET username = '${LONG_NAME}' WHERE id = '${id}'`, { player: id });
  // The widest balance a header shows: eight digits.
  await giveWinnings(id, 12_345_678);
  await context.close();
  expect(await settleAsAdmin(browser.baseUrl, questionId, "A")).toBe(200);
  await untilStandingsList(browser.baseUrl, LONG_NAME);
});

describe("a phone's screens with the longest words and names", () => {
  it("fit a 360 px screen on every page, and a player's stats open on screen", async () => {
    const { context, page } = await browser.open(SMALL_PHONE);
    await signIn(page, player);
    const pages = [
      "/home",
      "/picks",
      "/leaderboard",
      "/activity",
      "/rewards",
      "/gift-cards",
      "/referrals",
      "/invite-history",
      "/profile",
      "/privacy-policy",
      "/terms-of-service",
      "/data-deletion",
      "/no-such-page",
    ];
    for (const path of pages) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await expect.poll(() => sideways(page), { message: path }).toBe(0);
    }
    const pill = await boxOf(page.getByTestId("credits-pill"));
    expect(pill.x + pill.width).toBeLessThanOrEqual(SMALL_PHONE.width);
    const shown = await page.getByTestId("credits-pill").innerText();
    expect(shown).toContain("12.3M");
    expect(shown).not.toContain("12,345,678");
    const streak = await boxOf(page.getByTestId("streak-pill"));
    expect(streak.x + streak.width).toBeLessThanOrEqual(SMALL_PHONE.width);
    await page.goto("/picks");
    await page.getByText(LONG_WORD, { exact: false }).first().waitFor();
    await expect.poll(() => sideways(page)).toBe(0);

    await page.goto("/leaderboard");
    await page.getByTestId("contest-card").filter({ hasText: LONG_WORD }).waitFor();
    await expect.poll(() => sideways(page)).toBe(0);
    const join = page.getByTestId("contest-card").filter({ hasText: LONG_WORD }).getByRole("button").first();
    const joinBox = await boxOf(join);
    expect(joinBox.x + joinBox.width).toBeLessThanOrEqual(SMALL_PHONE.width);
    await page.getByTestId("leaderboard-row").filter({ hasText: LONG_NAME }).getByRole("button").click();
    const stats = page.getByRole("dialog");
    await stats.getByTestId("stats-grid").waitFor();
    const statsBox = await restingBox(stats);
    expect(statsBox.y).toBeGreaterThanOrEqual(0);
    expect(statsBox.y + statsBox.height).toBeLessThanOrEqual(SMALL_PHONE.height + 1);
    expect(statsBox.x + statsBox.width).toBeLessThanOrEqual(SMALL_PHONE.width);
    await context.close();
  });
});

describe("the feed on a phone", () => {
  it("gives every control a 44 px target, on the feed and in the pick sheet", async () => {
    const { context, page } = await browser.open(PHONE);
    await signIn(page, player);
    await page.getByTestId("question-card").first().waitFor();
    await page.getByTestId("daily-credits").waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await (await findCard(page, "Lakers beat the Celtics")).getByRole("button", { name: "Yes" }).click();
    await page.getByRole("dialog", { name: "Make Your Pick" }).waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await context.close();
  });

  it("shows three whole cards on a phone and six on a desktop, each with its answers, stake, time and picks", async () => {
    for (const [viewport, least] of [
      [PHONE, 3],
      [DESKTOP, 6],
    ] as const) {
      const { context, page } = await browser.open(viewport);
      await signIn(page, player);
      const card = page.getByTestId("question-card").first();
      await card.getByTestId("countdown").waitFor();
      await card
        .getByTestId("card-stake")
        .getByText(/wins \d+/)
        .waitFor();
      await card.getByText(/\d+ picks?/).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      // The rest of the page (the other cards' details, the strips above the feed) settles after the first card: on a
      // busy machine a single look can land mid-layout.
      await expect
        .poll(() => wholeCards(page), { message: `${viewport.width} px`, timeout: 10_000 })
        .toBeGreaterThanOrEqual(least);
      await context.close();
    }
  });

  it("keeps the sports and the day to the feed, and the day beside the search on a phone", async () => {
    const { context, page } = await browser.open(PHONE);
    await signIn(page, player);
    await page.getByRole("navigation", { name: "Sports" }).waitFor();
    const search = await boxOf(page.getByLabel("Search questions"));
    const day = await boxOf(page.getByTestId("day-nav"));
    expect(Math.abs(day.y + day.height / 2 - (search.y + search.height / 2))).toBeLessThan(2);
    for (const path of ["/picks", "/profile", "/privacy-policy", "/no-such-page"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.getByRole("navigation", { name: "Sports" }).count(), path).toBe(0);
      expect(await page.getByTestId("day-nav").count(), path).toBe(0);
    }
    await context.close();
  });
});
