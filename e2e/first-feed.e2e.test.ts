import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInNewPlayer } from "./accounts";
import { DESKTOP, PHONE, useBrowser, waitForReactAt } from "./browser";
import { insertQuestion } from "./feed-cards";

const browser = useBrowser();
const isFeedRequest = (url: URL) => url.pathname === "/api/questions";
const isFirstFeedRequest = (url: URL) => isFeedRequest(url) || url.pathname === "/api/categories";
type FeedPage = { items: { id: string }[] };
const APP_CODE = "**/assets/*.js";
const DESKTOP_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0 Safari/537.36";

/**
 * Warnings and errors the page logs: a page the app could not take over says "first_view_redrawn". The browser's
 * own note that these tests block the service worker is not the page's.
 */
const consoleProblems = (page: Page) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    const problem = message.type() === "error" || message.type() === "warning";
    if (problem && !message.text().includes("Service Worker registration blocked")) problems.push(message.text());
  });
  return problems;
};

/**
 * Opens /home with the app's code held back, so what shows is the page as the worker sent it, until the returned
 * function lets the code load.
 */
const openWithCodeHeld = async (page: Page) => {
  const heldCode: Route[] = [];
  await page.route(APP_CODE, (route) => void heldCode.push(route));
  await page.goto("/home", { waitUntil: "commit" });
  return async () => {
    for (const route of heldCode) await route.continue();
    await page.unroute(APP_CODE);
  };
};

/**
 * Opens /home with the app's code held back; marks the first card's title (with a property React knows nothing of),
 * then lets the code load and waits until React owns the first card's title. The marked element is still there when
 * React took the page over, gone when it drew its own.
 */
const openDrawnThenApp = async (page: Page) => {
  const releaseCode = await openWithCodeHeld(page);
  const drawnTitle = page.getByTestId("question-card").first().getByRole("heading");
  await drawnTitle.waitFor();
  const drawnSort = await page.getByRole("combobox").first().inputValue();
  await drawnTitle.evaluate((element) => Object.assign(element, { drawnByWorker: true }));
  await releaseCode();
  await waitForReactAt(page, "[data-testid=question-card] h2");
  const keptDrawnTitle = await page.evaluate(() =>
    Array.from(document.querySelectorAll("h2")).some((element) => "drawnByWorker" in element),
  );
  return { drawnSort, keptDrawnTitle };
};

describe("the feed's first page in a visitor's /home (docs/decisions/0028-first-feed-in-html.md)", () => {
  it("shows the first cards and every tab from the page itself, with no feed or categories request answered", async () => {
    const id = `first-feed-${Date.now()}`;
    // Newest first on a desktop screen; the markup in the title must reach the card as text.
    const title = `Arrives with the page <b>${id}</b>?`;
    await insertQuestion(id, title);
    const { context, page } = await browser.open(DESKTOP);
    const held: string[] = [];
    // Any feed or categories request the app made would wait here for ever: the card and the tabs can only come from
    // the page.
    await page.route(isFirstFeedRequest, (route) => void held.push(route.request().url()));

    await page.goto("/home");
    await page.getByTestId("question-card").filter({ hasText: title }).first().waitFor();
    await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "NBA", exact: true }).waitFor();
    await waitForReactAt(page, "nav[aria-label=Sports] button");
    // The queries' first effects run once React has taken the page over, a frame later at most.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(held).toEqual([]);

    const inlined = JSON.parse((await page.locator("#first-feed").textContent()) ?? "null") as {
      sort: string;
      page: FeedPage;
    };
    expect(inlined.sort).toBe("newest");
    const api = (await (await context.request.get("/api/questions?sort=newest")).json()) as FeedPage;
    expect(inlined.page.items.map((q) => q.id)).toEqual(api.items.map((q) => q.id));
    await context.close();
  });

  it.each([
    ["desktop", DESKTOP, "newest"],
    ["phone", PHONE, "popularity"],
  ] as const)(
    "shows the page drawn by the worker before the app's code runs, and the app takes it over (%s)",
    async (_size, viewport, sort) => {
      const { context, page } = await browser.open(viewport);
      const problems = consoleProblems(page);

      const { drawnSort, keptDrawnTitle } = await openDrawnThenApp(page);
      expect(drawnSort).toBe(sort);
      expect(keptDrawnTitle).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("answers a tap on the drawn page made before the app's code had loaded, once the app has taken the page over", async () => {
    await insertQuestion(`early-tap-${Date.now()}`, "Is an early tap answered?");
    const { context, page } = await browser.open(PHONE);
    const releaseCode = await openWithCodeHeld(page);
    const tabs = page.getByRole("navigation", { name: "Sports" });
    await tabs.getByRole("button", { name: "NBA", exact: true }).click();
    expect(await tabs.getByRole("button", { name: "NBA", exact: true }).getAttribute("aria-pressed")).toBe("false");

    await releaseCode();
    await expect
      .poll(() => tabs.getByRole("button", { name: "NBA", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");
    // Once the app answers, taps go straight to it.
    await tabs.getByRole("button", { name: "All Sports" }).click();
    await expect.poll(() => tabs.getByRole("button", { name: "All Sports" }).getAttribute("aria-pressed")).toBe("true");
    await context.close();
  });

  it("follows a sort chosen and a search typed on the drawn page before the app's code had loaded", async () => {
    const id = `early-search-${Date.now()}`;
    const title = `Is an early search followed ${id}?`;
    await insertQuestion(id, title);
    const { context, page } = await browser.open(DESKTOP);
    const releaseCode = await openWithCodeHeld(page);
    const sort = page.getByRole("combobox", { name: "Sort" });
    await sort.selectOption("lowest-cost");
    await page.getByRole("searchbox", { name: "Search questions" }).fill(id);
    const followed = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return isFeedRequest(url) && url.searchParams.get("sort") === "lowest-cost" && url.searchParams.get("q") === id;
    });

    await releaseCode();
    await followed;
    await expect
      .poll(() => page.getByTestId("question-card").allTextContents(), { timeout: 5000 })
      .toEqual([expect.stringContaining(title)]);
    expect(await sort.inputValue()).toBe("lowest-cost");
    await context.close();
  });

  it("draws its own page, without a warning, when the screen is not the one the worker guessed", async () => {
    // A phone's screen with a desktop's user agent: the worker draws the desktop's newest first.
    const { context, page } = await browser.open(PHONE, { userAgent: DESKTOP_USER_AGENT });
    const problems = consoleProblems(page);

    const { drawnSort, keptDrawnTitle } = await openDrawnThenApp(page);
    expect(drawnSort).toBe("newest");
    expect(keptDrawnTitle).toBe(false);
    expect(await page.getByRole("combobox").first().inputValue()).toBe("popularity");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("leaves a signed-in player's page without it, and their feed comes from the API", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await signInNewPlayer(page, browser.baseUrl, "first-feed");
    const feed = page.waitForResponse((response) => isFeedRequest(new URL(response.url())) && response.ok());
    await page.goto("/home");
    await feed;
    await page.getByTestId("question-card").first().waitFor();
    expect(await page.locator("#first-feed").count()).toBe(0);
    await context.close();
  });
});
