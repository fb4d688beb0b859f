import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { settleAsAdmin, signIn, signInNewPlayer } from "./accounts";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { untilStandingsList } from "./cron";
import { insertQuestion, pickFromFeed } from "./feed-cards";

const browser = useBrowser();
const NARROW = { width: 360, height: 740 } as const;

/** How far the page's charts (their frames and drawings) reach past the screen's edges: 0 when they fit. */
const chartsOverflow = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll("figure, figure svg")).flatMap((element) => {
        const box = element.getBoundingClientRect();
        return [-box.left, box.right - window.innerWidth];
      }),
    ),
  );

const usernameOf = (page: Page) =>
  page.evaluate(() => fetch("/api/me").then((r) => r.json() as Promise<{ user: { username: string } }>));

/** Today's picks on the admin dashboard, as its picks chart's text alternative says them. */
const picksToday = async (page: Page) => {
  const chart = page.getByTestId("dashboard-picks").getByRole("img");
  const label = (await chart.getAttribute("aria-label")) ?? "";
  const today = /, ([\d,]+) today\.$/.exec(label)?.[1];
  if (today === undefined) throw new Error(`no count for today in "${label}"`);
  return Number(today.replaceAll(",", ""));
};

describe("charts", () => {
  it("draws a player's record, streak, form and the crowd's split once picks settle, and the admin's dashboard counts them", async () => {
    const admin = await browser.open(DESKTOP);
    await signIn(admin.page, "admin@example.com");
    await admin.page.goto("/admin");
    await expect
      .poll(() => admin.page.getByRole("tab", { name: "Dashboard" }).getAttribute("aria-selected"))
      .toBe("true");
    const before = await picksToday(admin.page);

    const stamp = crypto.randomUUID().slice(0, 8);
    const questions = ["first", "second", "third"].map((name) => ({
      id: `charts-${name}-${stamp}`,
      title: `Charts ${name} game ${stamp}`,
    }));
    for (const { id, title } of questions) await insertQuestion(id, title, 0);
    const player = await browser.open(PHONE);
    await signInNewPlayer(player.page, browser.baseUrl, "charts");
    for (const { title } of questions) await pickFromFeed(player.page, title, "Yes");
    const [first, second, third] = questions.map(({ id }) => id) as [string, string, string];
    for (const [id, outcome] of [
      [first, "A"],
      [second, "A"],
      [third, "B"],
      [first, "B"],
    ] as const) {
      expect(await settleAsAdmin(browser.baseUrl, id, outcome)).toBe(200);
    }

    // My Picks: one won and two lost today, the streak at the day's end, and each pick's crowd as a bar.
    const { page } = player;
    await page.goto("/picks");
    const record = page.getByTestId("record-chart");
    await record.getByRole("img", { name: "Over the last 30 days: 1 won, 2 lost, 0 void." }).waitFor();
    await record.getByText("Show the numbers").click();
    expect(await record.locator("tbody tr").last().locator("td").allTextContents()).toEqual([
      expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}$/),
      "1",
      "2",
      "0",
    ]);
    await page
      .getByTestId("streak-chart")
      .getByRole("img", { name: "Your streak over the last 30 days: 0 at the start, 0 now, highest 0." })
      .waitFor();
    const row = page.getByTestId("my-pick").filter({ hasText: questions[1]!.title });
    expect(await row.getByTestId("crowd-bar").getAttribute("data-share")).toBe("100");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The streak history: two wins, the loss that ended the streak and the correction, marked.
    await page.getByTestId("streak-pill").click();
    await page
      .getByRole("dialog", { name: "Current Streak" })
      .getByRole("img", {
        name: "Your streak over its last 4 changes: from 0 to 0, highest 2, 1 correction marked.",
      })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    // Their form in the stats dialog, oldest result first: the second game won, then the third and the corrected first lost.
    const { user } = await usernameOf(page);
    await untilStandingsList(browser.baseUrl, user.username);
    await page.goto("/leaderboard");
    await page.locator('[data-testid="leaderboard-row"][data-me="true"]').click();
    await page
      .getByRole("dialog", { name: user.username })
      .getByRole("img", { name: "Form, oldest to newest: Win, Loss, Loss" })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The dashboard counts the three picks today.
    await admin.page.reload();
    await expect.poll(() => picksToday(admin.page)).toBe(before + 3);
    await admin.page.getByTestId("dashboard-money").getByRole("img").waitFor();
    expect(await seriousA11yViolations(admin.page)).toEqual([]);

    // Every chart fits a 360 px phone.
    const narrow = await browser.open(NARROW);
    await narrow.context.addCookies(await player.context.cookies());
    await narrow.page.goto("/picks");
    await narrow.page.getByTestId("streak-chart").locator("svg").waitFor();
    expect(await chartsOverflow(narrow.page)).toBe(0);
    const narrowAdmin = await browser.open(NARROW);
    await signIn(narrowAdmin.page, "admin@example.com");
    await narrowAdmin.page.goto("/admin");
    await narrowAdmin.page.getByTestId("dashboard-money").locator("svg").waitFor();
    expect(await chartsOverflow(narrowAdmin.page)).toBe(0);
  });
});
