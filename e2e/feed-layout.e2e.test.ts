import { describe, expect, it } from "vitest";
import { STAFF_PLAY_MESSAGE } from "../shared/staff";
import { signIn, signInNewPlayer } from "./accounts";
import { seriousA11yViolations } from "./a11y";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { boxOf, findCard, inside, insertQuestion, overlaps, restingBox, toastWith } from "./feed-cards";

const browser = useBrowser();

describe("the feed's cards, toasts and requests", () => {
  it("keeps a long title to two lines and every action of an admin's card inside the card, picks disabled with the reason", async () => {
    await insertQuestion(
      "e2e-long-title",
      "Will the Golden State Warriors overcome a fifteen point deficit in the fourth quarter against the Boston Celtics and still win by more than seven points in regulation time tonight?",
    );
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await browser.open(viewport);
      await signIn(page, "admin@example.com");
      await page.goto("/home");
      const card = await findCard(page, "fifteen point deficit");
      await card.getByRole("button", { name: "Delete" }).waitFor();
      const cardBox = await boxOf(card);
      for (const name of ["Bookmark question", "Share question", "Edit", "Delete", "Yes", "No"]) {
        expect(
          inside(await boxOf(card.getByRole("button", { name, exact: true })), cardBox),
          `${name} at ${viewport.width} px`,
        ).toBe(true);
      }
      for (const name of ["Yes", "No"])
        expect(await card.getByRole("button", { name, exact: true }).isDisabled()).toBe(true);
      expect(await card.getByTestId("pick-blocked").textContent()).toBe(STAFF_PLAY_MESSAGE);
      const lineHeight = await card.getByRole("heading").evaluate((h) => parseFloat(getComputedStyle(h).lineHeight));
      expect((await boxOf(card.getByRole("heading"))).height).toBeLessThanOrEqual(2 * lineHeight + 1);
      await expect(seriousA11yViolations(page)).resolves.toEqual([]);
      await context.close();
    }
  });

  it("shows toasts on a phone where they hide neither the credits and streak pills nor an open sheet's actions", async () => {
    const { context, page } = await browser.open(PHONE);
    await signInNewPlayer(page, browser.baseUrl, "toasts");
    const card = await findCard(page, "Lakers beat the Celtics");
    await card.getByRole("button", { name: "Bookmark question" }).click();
    const pills = [await boxOf(page.getByTestId("credits-pill")), await boxOf(page.getByTestId("streak-pill"))];
    const toastBox = await restingBox(toastWith(page, "Question bookmarked"));
    for (const pill of pills) expect(overlaps(toastBox, pill)).toBe(false);
    expect(overlaps(toastBox, await boxOf(page.getByTestId("bottom-nav")))).toBe(false);

    await page.route("**/api/picks", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal", message: "Something went wrong" } }),
      }),
    );
    await card.getByRole("button", { name: "Yes" }).click();
    const sheet = page.getByRole("dialog", { name: "Make Your Pick" });
    await sheet.getByRole("button", { name: "Confirm Pick" }).click();
    const failedBox = await restingBox(toastWith(page, "Something went wrong"));
    for (const pill of pills) expect(overlaps(failedBox, pill)).toBe(false);
    for (const control of ["Confirm Pick", "Yes", "No", "1x"]) {
      expect(
        overlaps(
          failedBox,
          await boxOf(sheet.getByRole(control === "Confirm Pick" ? "button" : "radio", { name: control, exact: true })),
        ),
        control,
      ).toBe(false);
    }
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await context.close();
  });

  it("sends a sort chosen while the session is still being refreshed once", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await signInNewPlayer(page, browser.baseUrl, "returning");
    // A returning player: the 15-minute access cookie has gone, the refresh cookie has not.
    const cookies = await context.cookies();
    await context.clearCookies();
    await context.addCookies(cookies.filter((cookie) => cookie.name !== "__Host-access"));
    let releaseRefresh = () => {};
    const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
    await page.route("**/api/auth/refresh", async (route) => {
      await refreshHeld;
      await route.continue();
    });
    const sorted: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/questions?sort=lowest-cost")) sorted.push(request.url());
    });

    await page.goto("/home");
    await page.getByTestId("question-card").first().waitFor();
    await page.getByLabel("Sort").selectOption("lowest-cost");
    releaseRefresh();
    await page.getByTestId("credits-pill").waitFor();
    // A second request would leave with the first, when the refresh lets both go: by the sorted page's render it has.
    await expect.poll(() => page.getByTestId("question-card").first().textContent()).toContain("FREE");
    expect(sorted).toHaveLength(1);
    await context.close();
  });
});
