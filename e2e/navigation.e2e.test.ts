import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { contentOutsideLandmarks, seriousA11yViolations } from "./a11y";
import { settleAsAdmin, signIn } from "./accounts";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { runSql } from "./database";

const browser = useBrowser();
const SMALL_PHONE = { width: 360, height: 740 } as const;

/** The seeded player: sign-ups are rate limited per IP across the whole run, and nothing here needs a fresh account. */
const signedIn = async (viewport: { width: number; height: number }) => {
  const opened = await browser.open(viewport);
  await signIn(opened.page, "player@example.com");
  return opened;
};

const tagName = (page: Page, selector: Parameters<Page["getByRole"]>) =>
  page.getByRole(...selector).evaluate((el) => el.tagName);
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("desktop navigation", () => {
  it("links every main page from the header or the account menu, as real links that mark the current page", async () => {
    const { context, page } = await signedIn(DESKTOP);
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    const pages = [
      ["Activity", "/activity"],
      ["Standings", "/leaderboard"],
      ["My Picks", "/picks"],
      ["Redeem", "/rewards"],
      ["Home", "/home"],
    ];
    for (const [name, path] of pages) {
      const link = nav.getByRole("link", { name, exact: true });
      await expect(link.getAttribute("href")).resolves.toBe(path);
      await link.click();
      await page.waitForURL(`**${path}`);
      await expect.poll(() => link.getAttribute("aria-current")).toBe("page");
      await expect(nav.locator('[aria-current="page"]').count()).resolves.toBe(1);
    }

    const inMenu = [
      ["Profile", "/profile", "Profile"],
      ["Gift Cards", "/gift-cards", "Gift Cards"],
      ["Referrals", "/referrals", "Referrals"],
      ["Invite history", "/invite-history", "Invite History"],
    ];
    for (const [name, path, heading] of inMenu) {
      await nav.getByRole("link", { name: "Home", exact: true }).click();
      await page.waitForURL("**/home");
      await page.getByRole("button", { name: "Account menu" }).click();
      await expect(tagName(page, ["menuitem", { name }])).resolves.toBe("A");
      await expect(page.getByRole("menuitem", { name }).getAttribute("href")).resolves.toBe(path);
      await page.getByRole("menuitem", { name }).click();
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await page.getByRole("button", { name: "Account menu" }).click();
      await expect(page.getByRole("menuitem", { name }).getAttribute("aria-current")).resolves.toBe("page");
      await page.keyboard.press("Escape");
    }
    await context.close();
  });

  it("centres the pages' content instead of a column on the left, with Cash Out beside it", async () => {
    const { context, page } = await signedIn(DESKTOP);
    for (const path of ["/activity", "/leaderboard", "/rewards", "/gift-cards"]) {
      await page.goto(path);
      const title = page.getByRole("heading", { level: 1 }).locator("..");
      await title.waitFor();
      const box = await title.boundingBox();
      const left = box?.x ?? 0;
      const right = DESKTOP.width - left - (box?.width ?? 0);
      expect(left, path).toBeGreaterThan(100);
      expect(Math.abs(left - right), path).toBeLessThan(2);
    }
    const cashOut = await page
      .goto("/rewards")
      .then(() => page.getByRole("button", { name: "Cash Out" }).boundingBox());
    expect((cashOut?.x ?? 0) + (cashOut?.width ?? 0)).toBeLessThan(DESKTOP.width - 100);
    await context.close();
  });

  it("keeps the menus and the pages it touches free of serious accessibility violations", async () => {
    const { context, page } = await signedIn(DESKTOP);
    for (const path of ["/home", "/activity", "/leaderboard", "/rewards", "/gift-cards", "/picks"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Gift Cards" }).waitFor();
    expect(await seriousA11yViolations(page), "account menu").toEqual([]);
    expect(await contentOutsideLandmarks(page), "account menu").toEqual([]);
    await context.close();
  });
});

describe("phone navigation", () => {
  it("makes Redeem a page with both ways to redeem and links the gift card catalogue", async () => {
    const { context, page } = await signedIn(PHONE);
    const more = page.getByTestId("bottom-nav").getByRole("button", { name: "More" });
    await page.goto("/home");
    await more.click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Redeem" }).click();
    await page.waitForURL("**/rewards");
    await page.getByRole("heading", { level: 1, name: "Redeem" }).waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    await page.getByTestId("gift-card").first().waitFor();
    await page.getByRole("button", { name: "Cash Out" }).click();
    const cashOut = page.getByRole("dialog", { name: "Redeem Credits" });
    await cashOut.getByRole("button", { name: "Close" }).click();
    await cashOut.waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 2, name: "Gift cards" }).waitFor();
    expect(await seriousA11yViolations(page), "/rewards").toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);

    await more.click();
    const giftCards = page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Gift Cards" });
    await expect(giftCards.getAttribute("href")).resolves.toBe("/gift-cards");
    await giftCards.click();
    await page.getByRole("heading", { level: 1, name: "Gift Cards" }).waitFor();
    await page.getByTestId("gift-card").first().waitFor();
    await more.click();
    await expect(
      page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Invite history" }).getAttribute("href"),
    ).resolves.toBe("/invite-history");
    expect(await seriousA11yViolations(page), "More menu").toEqual([]);
    await context.close();
  });

  it("browses by day on a 360 px phone without sideways scrolling", async () => {
    const { context, page } = await browser.open(SMALL_PHONE);
    await page.goto("/home");
    const dayNav = page.getByTestId("day-nav");
    const label = page.getByTestId("day-label");
    await dayNav.waitFor();
    await dayNav.getByRole("button", { name: "Previous day" }).click();
    await expect.poll(() => label.textContent()).toBe("Yesterday");
    const fits = async () => {
      const box = await dayNav.boundingBox();
      return (
        (box?.x ?? 0) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= SMALL_PHONE.width && (await noSidewaysScroll(page))
      );
    };
    expect(await fits()).toBe(true);
    for (const expected of ["Today", "Tomorrow", /^[A-Z][a-z]{2} \d{1,2}$/]) {
      await dayNav.getByRole("button", { name: "Next day" }).click();
      await expect.poll(() => label.textContent()).toMatch(expected);
      expect(await fits()).toBe(true);
    }
    await dayNav.getByRole("button", { name: "Show all days" }).click();
    await expect.poll(() => label.textContent()).toBe("All days");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("the My Picks badge", () => {
  it("counts picks settled since My Picks was opened, in the header and on More, and clears there", async () => {
    const stamp = Date.now();
    const questionId = `e2e-nav-badge-${stamp}`;
    await runSql(
      `INSERT INTO questions (id, title, sport_category, credit_cost, deadline, status, is_free_pick, created_at, updated_at)
       VALUES ('${questionId}', 'Badge game ${stamp}', 'NBA', 0, ${stamp + 86_400_000}, 'published', 1, ${stamp}, ${stamp});`,
    );
    const { context, page } = await signedIn(DESKTOP);
    const picked = await page.evaluate(
      (id) =>
        fetch("/api/picks", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ questionId: id, choice: "yes", multiplier: 1 }),
        }).then((r) => r.status),
      questionId,
    );
    expect(picked).toBe(201);
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "My Picks" }).click();
    await page.getByRole("heading", { level: 1, name: "My Picks" }).waitFor();
    await nav.getByRole("link", { name: "Home", exact: true }).click();

    expect(await settleAsAdmin(browser.baseUrl, questionId, "A")).toBe(200);

    const myPicks = nav.getByRole("link", { name: /^My Picks\W*1 newly resolved$/ });
    await myPicks.waitFor({ timeout: 20_000 });
    await page.setViewportSize(PHONE);
    await expect(
      page
        .getByTestId("bottom-nav")
        .getByRole("button", { name: /^More\W*1 newly resolved$/ })
        .isVisible(),
    ).resolves.toBe(true);
    await page.setViewportSize(DESKTOP);
    await myPicks.click();
    await page.getByRole("heading", { level: 1, name: "My Picks" }).waitFor();
    await expect(page.getByTestId("picks-badge").count()).resolves.toBe(0);
    await nav.getByRole("link", { name: "Home", exact: true }).click();
    await page.waitForURL("**/home");
    await expect(page.getByTestId("picks-badge").count()).resolves.toBe(0);
    await context.close();
  });
});

describe("route code warmed at start-up", () => {
  it("downloads the first four prefetched routes' code one after another without running it, and runs it on the visit", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.addInitScript(() => {
      const linkedAt: Record<string, number> = {};
      Object.assign(window, { linkedAt });
      new MutationObserver((records) => {
        for (const node of records.flatMap((record) => Array.from(record.addedNodes))) {
          if (node instanceof HTMLLinkElement && node.rel === "modulepreload")
            linkedAt[node.getAttribute("href") ?? ""] ??= performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/home");
    const map = await page.evaluate(
      () => JSON.parse(document.getElementById("route-code")?.textContent ?? "{}") as Record<string, string[]>,
    );
    expect(Object.keys(map)).toEqual(["/leaderboard", "/activity", "/rewards", "/picks"]);
    const ownChunks = Object.values(map).map((files) => files[0] ?? "");
    const linked = () =>
      page.evaluate(
        (files) => files.filter((file) => document.querySelector(`link[rel="modulepreload"][href="${file}"]`)),
        ownChunks,
      );
    await expect.poll(linked, { timeout: 10_000 }).toEqual(ownChunks);
    const linkedAt = await page.evaluate(
      (files) => files.map((file) => (window as unknown as { linkedAt: Record<string, number> }).linkedAt[file] ?? 0),
      ownChunks,
    );
    // 100 ms steps; a busy main thread can only make a step's timer late, which shortens the step after it.
    for (let i = 1; i < linkedAt.length; i++) expect(linkedAt[i]!).toBeGreaterThan(linkedAt[i - 1]!);
    expect(linkedAt.at(-1)! - linkedAt[0]!).toBeGreaterThanOrEqual(200);

    // A module that has run has run its top level once; one only downloaded and compiled has not.
    const leaderboard = ownChunks[0]!;
    const timesRun = async () => {
      const scripts = await page.coverage.stopJSCoverage();
      await page.coverage.startJSCoverage({ resetOnNavigation: false });
      const script = scripts.find((entry) => new URL(entry.url).pathname === leaderboard);
      return script?.functions.find((fn) => fn.ranges[0]?.startOffset === 0)?.ranges[0]?.count ?? 0;
    };
    // Once downloaded, a module someone imports runs before the page next goes idle.
    await expect
      .poll(() =>
        page.evaluate(
          (file) => performance.getEntriesByType("resource").some((entry) => new URL(entry.name).pathname === file),
          leaderboard,
        ),
      )
      .toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve))));
    await expect(timesRun()).resolves.toBe(0);
    await page
      .getByRole("banner")
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Standings", exact: true })
      .click();
    await page.waitForURL("**/leaderboard");
    await page.getByRole("heading", { name: "Standings" }).waitFor();
    await expect(timesRun()).resolves.toBeGreaterThan(0);
    await context.close();
  });
});
