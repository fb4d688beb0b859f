import { describe, expect, it } from "vitest";
import { signInNewPlayer } from "./accounts";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { runSql } from "./database";

const browser = useBrowser();
const cards = (page: import("playwright-core").Page) => page.getByTestId("question-card");

describe("the question feed", () => {
  it("loads page two when scrolling, in a 3-column desktop grid", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await page.goto("/home");
    await cards(page).first().waitFor();
    await expect.poll(() => cards(page).count()).toBe(20);
    const boxes = await Promise.all([0, 1, 2, 3].map((i) => cards(page).nth(i).boundingBox()));
    expect(new Set(boxes.slice(0, 3).map((b) => b?.y)).size).toBe(1);
    expect(boxes[3]?.y).toBeGreaterThan(boxes[0]?.y ?? 0);
    await cards(page).last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(20);
    await context.close();
  });

  it("narrows by search, chips and tabs, and shows the empty states word for word", async () => {
    const { context, page } = await browser.open(PHONE);
    await page.goto("/home");
    await cards(page).first().waitFor();
    expect((await cards(page).first().boundingBox())?.width).toBeGreaterThan(PHONE.width - 40);
    await page.getByLabel("Search questions").fill("Lakers");
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.getByLabel("Search questions").fill("zzzz-nothing");
    await page.getByText('No results found for "zzzz-nothing"').waitFor();
    await page.getByLabel("Search questions").fill("");
    // One set of sport filters: the header's (the feed repeated them as chips).
    expect(await page.getByRole("group", { name: "Categories" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "All Sports" }).count()).toBe(1);
    // On a phone the day's arrows share the search's row; the search keeps room to type a team's name.
    const search = await page.getByLabel("Search questions").boundingBox();
    expect(search?.width ?? 0).toBeGreaterThan(PHONE.width * 0.45);
    expect((search?.x ?? 0) + (search?.width ?? 0)).toBeLessThan(PHONE.width);
    await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "NHL" }).click();
    await expect
      .poll(async () => (await cards(page).allTextContents()).every((text) => text.includes("NHL")))
      .toBe(true);
    await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "Free Picks" }).click();
    await expect
      .poll(async () => (await cards(page).allTextContents()).every((text) => text.includes("FREE")))
      .toBe(true);
    await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "Player Props" }).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    await context.close();
  });

  it("asks visitors to log in, and lets a player bookmark and filter to bookmarks", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await page.goto("/home");
    await cards(page).first().getByRole("button", { name: "Bookmark question" }).click();
    await page.getByText("Log in to make your pick").waitFor();
    await cards(page).first().getByRole("button").first().click();
    await expect.poll(() => page.getByText("Log in to make your pick").count()).toBe(2);

    await signInNewPlayer(page, browser.baseUrl, "bookmarker");
    await page.getByRole("button", { name: "Bookmarked" }).click();
    await page.getByText("No bookmarked questions").waitFor();
    await page.getByRole("button", { name: "Bookmarked" }).click();
    const title = await cards(page).first().getByRole("heading").textContent();
    await cards(page).first().getByRole("button", { name: "Bookmark question" }).click();
    await page.getByText("Question bookmarked").waitFor();
    await page.getByRole("button", { name: "Bookmarked" }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    await expect(cards(page).first().getByRole("heading").textContent()).resolves.toBe(title);
    await context.close();
  });

  it("counts down each second and shows Expired at the deadline", async () => {
    const deadline = Date.now() + 8000;
    await runSql(
      `INSERT OR REPLACE INTO questions (id, title, sport_category, credit_cost, deadline, status, created_at, updated_at)
       VALUES ('e2e-expiring', 'Closing in a moment?', 'NBA', 1, ${deadline}, 'published', ${Date.now() + 60_000}, ${Date.now()})`,
    );
    const { context, page } = await browser.open(DESKTOP);
    await page.goto("/home");
    const card = cards(page).filter({ hasText: "Closing in a moment?" });
    await card.waitFor();
    const countdown = card.getByTestId("countdown");
    const first = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 3000 }).not.toBe(first);
    await expect.poll(() => countdown.textContent(), { timeout: 15_000 }).toBe("Expired");
    await context.close();
  });

  it("ticks every card's countdown from one one-second timer", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await context.addInitScript(() => {
      const open = new Set<number>();
      const every = window.setInterval.bind(window);
      const clear = window.clearInterval.bind(window);
      window.setInterval = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
        const id = every(handler, ms, ...rest);
        if (ms === 1000) open.add(id);
        return id;
      }) as typeof window.setInterval;
      window.clearInterval = ((id?: number) => {
        if (id !== undefined) open.delete(id);
        clear(id);
      }) as typeof window.clearInterval;
      Object.assign(window, { secondTimers: () => open.size });
    });
    await page.goto("/home");
    await expect.poll(() => cards(page).count()).toBe(20);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { secondTimers: () => number }).secondTimers()))
      .toBe(1);
    await context.close();
  });
});
