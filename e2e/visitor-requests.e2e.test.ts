import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, useBrowser } from "./browser";

const browser = useBrowser();
const PAGES = ["/home", "/leaderboard", "/activity", "/gift-cards", "/rewards"];

describe("a visitor's browser", () => {
  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("makes no failing request and logs no error on the main pages (%s)", async (_name, viewport) => {
    const { context, page } = await browser.open(viewport);
    const problems: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    page.on("requestfailed", (request) => problems.push(`failed ${request.method()} ${new URL(request.url()).pathname}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
