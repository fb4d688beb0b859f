import { describe, expect, it } from "vitest";
import { signInNewPlayer } from "./accounts";
import { DESKTOP, useBrowser } from "./browser";
import { insertQuestion } from "./feed-cards";

const browser = useBrowser();
const isFeedRequest = (url: URL) => url.pathname === "/api/questions";
type Page = { items: { id: string }[] };

describe("the feed's first page in a visitor's /home (docs/decisions/first-feed-in-html.md)", () => {
  it("shows the first cards from the page itself, with no feed request answered", async () => {
    const id = `first-feed-${Date.now()}`;
    // Newest first on a desktop screen; the markup in the title must reach the card as text.
    const title = `Arrives with the page <b>${id}</b>?`;
    await insertQuestion(id, title);
    const { context, page } = await browser.open(DESKTOP);
    const held: string[] = [];
    // Any feed request the app made would wait here for ever: the card can only come from the page.
    await page.route(isFeedRequest, (route) => void held.push(route.request().url()));

    await page.goto("/home");
    await page.getByTestId("question-card").filter({ hasText: title }).first().waitFor();
    expect(held).toEqual([]);

    const inlined = JSON.parse((await page.locator("#first-feed").textContent()) ?? "null") as { sort: string; page: Page };
    expect(inlined.sort).toBe("newest");
    const api = (await (await context.request.get("/api/questions?sort=newest")).json()) as Page;
    expect(inlined.page.items.map((q) => q.id)).toEqual(api.items.map((q) => q.id));
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
