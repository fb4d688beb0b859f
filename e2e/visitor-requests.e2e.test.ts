import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInNewPlayer } from "./accounts";
import { DESKTOP, PHONE, useBrowser } from "./browser";

const browser = useBrowser();
const PAGES = ["/home", "/leaderboard", "/activity", "/gift-cards", "/rewards"];

/** Every failed request and console error of the page, as readable lines, from now on. */
const watchProblems = (page: Page) => {
  const problems: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText ?? "";
    // The browser drops what the page it leaves was still loading (its favicon, say): not a request that failed.
    if (reason === "net::ERR_ABORTED") return;
    problems.push(`failed ${request.method()} ${new URL(request.url()).pathname} (${reason})`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  return problems;
};

const visit = async (page: Page, paths: string[]) => {
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
};

describe("a visitor's browser", () => {
  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("makes no failing request and logs no error on the main pages (%s)", async (_name, viewport) => {
    const { context, page } = await browser.open(viewport);
    const problems = watchProblems(page);
    await visit(page, PAGES);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("pays for a stale signed-in hint once, not on every page", async () => {
    const { context, page } = await browser.open(DESKTOP);
    // A hint whose session cookies are gone (evicted, or cleared on their own).
    await context.addCookies([{ name: "signed_in", value: "1", url: browser.baseUrl, secure: true, sameSite: "Lax" }]);
    const problems = watchProblems(page);
    await visit(page, ["/home"]);
    expect(problems.filter((line) => !line.startsWith("console:"))).toEqual([
      "401 GET /api/me",
      "401 POST /api/auth/refresh",
    ]);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("signed_in");

    problems.length = 0;
    await visit(page, PAGES);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("makes no failing request after signing out", async () => {
    const { context, page } = await browser.open(PHONE);
    await signInNewPlayer(page, browser.baseUrl, "signs-out");
    await page.getByRole("button", { name: "More" }).click();
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByText("Successfully logged out").waitFor();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("signed_in");

    const problems = watchProblems(page);
    await visit(page, PAGES);
    expect(problems).toEqual([]);
    await context.close();
  });
});
